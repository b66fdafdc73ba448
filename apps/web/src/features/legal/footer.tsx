import { Box, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';

export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 4, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: 'center' }}
        >
          <Typography variant="body2" color="text.secondary">
            © {new Date().getFullYear()} Balas. Made in Malaysia.
          </Typography>
          <Stack direction="row" spacing={3}>
            <MuiLink component={Link} to="/terms" color="text.secondary" underline="hover">
              Terms &amp; Conditions
            </MuiLink>
            <MuiLink component={Link} to="/privacy" color="text.secondary" underline="hover">
              Privacy Policy
            </MuiLink>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
