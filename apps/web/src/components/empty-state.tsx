import { Box, Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A friendly placeholder where a list has nothing to show yet. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <Card sx={{ textAlign: 'center', py: { xs: 6, sm: 8 }, px: 3, borderStyle: 'dashed' }}>
      <Box
        sx={{
          width: 72,
          height: 72,
          mx: 'auto',
          mb: 2,
          borderRadius: '50%',
          bgcolor: 'primary.light',
          color: 'primary.dark',
          display: 'grid',
          placeItems: 'center',
          '& svg': { fontSize: 36 },
        }}
        aria-hidden
      >
        {icon}
      </Box>
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      {text && (
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 460, mx: 'auto' }}>
          {text}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Card>
  );
}
