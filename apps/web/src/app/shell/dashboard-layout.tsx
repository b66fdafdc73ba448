import { Box, useMediaQuery, useTheme } from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { LeaveTo } from '../../lib/leave.tsx';
import { tokenStore } from '../../lib/storage.ts';
import { useLiveAttention } from './live-attention.tsx';
import { SIDEBAR_WIDTH, Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** /dashboard/*: top bar, sidebar and the page. Without a token, the login page. */
export function DashboardLayout() {
  // Read, not subscribed: logging out leaves for the landing page before the token goes.
  if (!tokenStore.get()) return <LeaveTo path="/login" />;
  return <DashboardShell />;
}

/** The shell itself, signed in: also what the build prerenders a page's frame in (../prerender-frame.tsx). */
export function DashboardShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [open, setOpen] = useState(desktop);
  const { pathname } = useLocation();
  useLiveAttention();

  // Open beside the page on a desktop, closed over it on a phone, whenever the width crosses 960 px.
  useEffect(() => {
    setOpen(desktop);
  }, [desktop]);
  // The drawer closes once the merchant has picked a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    if (!desktop) setOpen(false);
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar sidebarOpen={open} onMenu={() => setOpen(!open)} />
      <Sidebar open={open} desktop={desktop} onClose={() => setOpen(false)} />
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          pt: { xs: 10, sm: 11 },
          px: { xs: 2, sm: 3, lg: 4 },
          pb: 6,
          ml: desktop && open ? `${SIDEBAR_WIDTH}px` : 0,
          transition: theme.transitions.create('margin', { duration: theme.transitions.duration.shorter }),
        }}
      >
        <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
