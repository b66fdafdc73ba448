import { AppBar, Box, Button, Container, Stack, Toolbar } from '@mui/material';
import { Link } from 'react-router';
import { LogoLink } from '../../../components/logo.tsx';

const sections = [
  { href: '#features', label: 'Features' },
  { href: '#integrations', label: 'Integrations' },
  { href: '#pricing', label: 'Pricing' },
];

export function LandingTopBar() {
  return (
    <AppBar
      position="sticky"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'rgba(255,255,255,.9)',
        backdropFilter: 'blur(8px)',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 2 }}>
          <LogoLink to="/" label="Balas home" />
          <Stack
            component="nav"
            aria-label="Sections"
            direction="row"
            spacing={0.5}
            sx={{ display: { xs: 'none', md: 'flex' } }}
          >
            {sections.map((s) => (
              <Button key={s.href} href={s.href} color="inherit" sx={{ color: 'text.secondary' }}>
                {s.label}
              </Button>
            ))}
          </Stack>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={1}>
            <Button component={Link} to="/login" color="inherit">
              Login
            </Button>
            <Button component={Link} to="/signup" variant="contained">
              Sign Up
            </Button>
          </Stack>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
