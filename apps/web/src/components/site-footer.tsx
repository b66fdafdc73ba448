import { Box, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';

/** The public pages' footer, with the legal links. */
export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 5, bgcolor: 'background.paper' }}>
      <Container maxWidth="lg">
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Stack spacing={1}>
            <Logo size={26} />
            <Typography variant="body2" color="text.secondary">
              © {new Date().getFullYear()} Balas Technologies Sdn. Bhd. Made in Malaysia.
            </Typography>
          </Stack>
          <Stack component="nav" aria-label="Legal" direction="row" spacing={3}>
            <MuiLink component={Link} to="/terms" color="text.secondary">
              Terms &amp; Conditions
            </MuiLink>
            <MuiLink component={Link} to="/privacy" color="text.secondary">
              Privacy Policy
            </MuiLink>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
