import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, Button, IconButton, Toolbar } from '@mui/material';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { signOut } from '../../features/auth/api/session.ts';

export function TopBar({ onMenu }: { onMenu: () => void }) {
  const navigate = useNavigate();
  return (
    <AppBar
      position="fixed"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        zIndex: (t) => t.zIndex.drawer + 1,
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" aria-label="Menu" onClick={onMenu}>
          <MenuIcon />
        </IconButton>
        <Box component={Link} to="/dashboard/shops" sx={{ textDecoration: 'none' }} aria-label="Balas shops">
          <Logo size={28} />
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          startIcon={<Logout />}
          color="inherit"
          onClick={async () => {
            await signOut();
            navigate('/');
          }}
        >
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
