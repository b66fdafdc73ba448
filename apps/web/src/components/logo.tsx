import { Box, Typography } from '@mui/material';

export function Logo({ size = 30 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: size, height: size }} />
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: size * 0.7, color: 'text.primary', letterSpacing: '-0.02em' }}
      >
        Balas
      </Typography>
    </Box>
  );
}
