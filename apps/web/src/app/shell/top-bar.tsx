import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import { AppBar, Avatar, Box, Button, IconButton, Stack, Toolbar, Typography } from '@mui/material';
import { Link } from 'react-router';
import { LogoLink } from '../../components/logo.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useRealtimeState } from '../../lib/realtime.ts';
import { countText, useInboxCounts } from '../../lib/realtime-counts.ts';
import { SIDEBAR_ID } from './sidebar.tsx';

/** Shown while the live connection is down: what is on screen may be behind until it is back. */
function Reconnecting() {
  const state = useRealtimeState();
  if (state !== 'reconnecting') return null;
  return (
    <Box
      role="status"
      sx={{
        px: 1.25,
        py: 0.25,
        borderRadius: 4,
        bgcolor: 'warning.main',
        color: '#fff',
        fontSize: 13,
        fontWeight: 600,
      }}
    >
      Reconnecting…
    </Box>
  );
}

/** The merchant's initial, a link to their account page, and their name from 600 px. */
function Merchant() {
  const me = useMe();
  if (!me.data) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton component={Link} to="/dashboard/account" aria-label="Account">
        <Avatar
          aria-hidden
          sx={{ width: 32, height: 32, bgcolor: 'primary.light', color: 'primary.dark', fontSize: 15 }}
        >
          {me.data.name.slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, maxWidth: 180, display: { xs: 'none', sm: 'block' } }}
        noWrap
      >
        {me.data.name}
      </Typography>
    </Stack>
  );
}

/**
 * Menu button (toggles the sidebar), the logo home to the shops, the merchant and Logout. While the
 * sidebar is closed (a phone's drawer), the menu carries the "needs you" count its Inbox link shows.
 */
export function TopBar({ sidebarOpen, onMenu }: { sidebarOpen: boolean; onMenu: () => void }) {
  const signOut = useSignOut();
  const needsYou = useInboxCounts().data?.needsYou ?? 0;
  return (
    <AppBar
      position="fixed"
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'rgba(255,255,255,.9)',
        backdropFilter: 'blur(8px)',
        zIndex: (t) => t.zIndex.drawer + 1,
      }}
    >
      <Toolbar sx={{ gap: 1.5 }}>
        <IconButton
          edge="start"
          // The count shown on the button is part of its name (axe: label-content-name-mismatch).
          aria-label={
            !sidebarOpen && needsYou > 0
              ? `Menu, ${countText(needsYou)} ${needsYou === 1 ? 'needs' : 'need'} you`
              : 'Menu'
          }
          aria-controls={SIDEBAR_ID}
          aria-expanded={sidebarOpen}
          onClick={onMenu}
        >
          <MenuRounded />
          {!sidebarOpen && needsYou > 0 && (
            // Its name says it ("Menu, 3 need you"); the badge itself is not read twice.
            <Box
              component="span"
              aria-hidden
              data-testid="menu-attention"
              sx={{
                position: 'absolute',
                top: 2,
                right: 0,
                minWidth: 18,
                height: 18,
                px: 0.5,
                borderRadius: 9,
                bgcolor: 'warning.main',
                color: '#fff',
                fontSize: 11,
                fontWeight: 700,
                lineHeight: '18px',
              }}
            >
              {countText(needsYou)}
            </Box>
          )}
        </IconButton>
        <LogoLink to="/dashboard/shops" label="Balas shops" size={28} />
        <Box sx={{ flexGrow: 1 }} />
        <Reconnecting />
        <Merchant />
        <Button
          color="inherit"
          startIcon={<LogoutRounded />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
