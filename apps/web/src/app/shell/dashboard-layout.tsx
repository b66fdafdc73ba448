import { Box, useMediaQuery, useTheme } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { onUnauthorized } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { tokenStore } from '../../lib/token.ts';
import { SIDEBAR_WIDTH, Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** The dashboard: top bar, sidebar (a drawer below 960 px), and the page. Needs a token. */
export function DashboardLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(desktop);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    setOpen(desktop);
  }, [desktop]);
  // A drawer closes when the merchant navigates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    if (!desktop) setOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    const stop = onUnauthorized(() => {
      tokenStore.clear();
      queryClient.clear();
      navigate('/login', { replace: true });
    });
    return () => {
      stop();
    };
  }, [navigate]);

  if (!tokenStore.get()) return <Navigate to="/login" replace />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar onMenu={() => setOpen(!open)} />
      <Sidebar open={open} desktop={desktop} onClose={() => setOpen(false)} />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          pt: { xs: 9, sm: 10 },
          px: { xs: 2, sm: 3 },
          pb: 4,
          ml: desktop && open ? `${SIDEBAR_WIDTH}px` : 0,
          transition: theme.transitions.create('margin'),
        }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
