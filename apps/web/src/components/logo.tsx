import { Box, Typography } from '@mui/material';
import { Link } from 'react-router';

/** The Balas mark and name. */
export function Logo({ size = 30 }: { size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="img"
        src="/favicon.svg"
        alt=""
        width={size}
        height={size}
        sx={{ width: size, height: size, display: 'block' }}
      />
      <Typography
        component="span"
        sx={{ fontWeight: 800, fontSize: size * 0.72, color: 'text.primary', letterSpacing: '-0.02em' }}
      >
        Balas
      </Typography>
    </Box>
  );
}

/** The logo as a link, e.g. home from the public pages or to the shops from the dashboard. */
export function LogoLink({ to, label, size }: { to: string; label: string; size?: number }) {
  return (
    <Box component={Link} to={to} aria-label={label} sx={{ display: 'inline-flex', textDecoration: 'none' }}>
      <Logo size={size} />
    </Box>
  );
}
