import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A finished step: a check icon, a title or text, and what to do next. */
export function SuccessPanel({
  title,
  text,
  children,
}: {
  title?: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={2} role="status" sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          borderRadius: '50%',
          bgcolor: 'primary.light',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <CheckCircleRounded color="primary" sx={{ fontSize: 48 }} aria-hidden />
      </Box>
      {title && (
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {text}
      </Typography>
      {children}
    </Stack>
  );
}
