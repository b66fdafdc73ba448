import { Box, Typography } from '@mui/material';

/** The title and one line of text above an auth form. */
export function FormHeading({ title, text }: { title: string; text?: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {text && <Typography color="text.secondary">{text}</Typography>}
    </Box>
  );
}
