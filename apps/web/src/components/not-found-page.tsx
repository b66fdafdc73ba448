import { messages } from '@balas/contracts';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { LogoLink } from './logo.tsx';

/** A dashboard address the app does not know (the public site has its own). */
export function NotFoundPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', p: 3 }}>
      <LogoLink to="/dashboard/shops" label="Balas shops" />
      <Stack
        spacing={2}
        sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}
      >
        <SearchOffRounded sx={{ fontSize: 64, color: 'primary.main' }} aria-hidden />
        <Typography variant="h4" component="h1">
          {messages.errors.pageNotFound}
        </Typography>
        <Typography color="text.secondary">
          The page you are looking for does not exist or has moved.
        </Typography>
        <Button variant="contained" component={Link} to="/dashboard/shops">
          Back to my shops
        </Button>
      </Stack>
    </Box>
  );
}
