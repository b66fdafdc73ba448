import { Box, Typography } from '@mui/material';

/** The centred title and line that open a landing-page section. */
export function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <Box sx={{ textAlign: 'center', mb: { xs: 5, md: 7 }, maxWidth: 640, mx: 'auto' }}>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: { xs: 28, md: 38 }, mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: 18 }}>
        {text}
      </Typography>
    </Box>
  );
}
