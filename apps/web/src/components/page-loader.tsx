import { Box, CircularProgress } from '@mui/material';

/** Shown while a page's code or first data loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : 320 }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
