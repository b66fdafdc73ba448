import { messages } from '@balas/contracts';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: 56, md: 88 }, color: 'primary.main' }}>
          404
        </Typography>
        <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
          {messages.errors.pageNotFound}
        </Typography>
        <Button variant="contained" component={Link} to="/">
          Back to home
        </Button>
      </Box>
    </Box>
  );
}
