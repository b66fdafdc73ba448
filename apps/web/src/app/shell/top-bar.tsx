import LogoutRounded from '@mui/icons-material/LogoutRounded?plain';
import MenuRounded from '@mui/icons-material/MenuRounded?plain';
import { IconButton, IconLink, TextButton } from '../../components/buttons/buttons.tsx';
import { LogoLink } from '../../components/logo.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useRealtimeState } from '../../lib/realtime.ts';
import { countText, useInboxCounts } from '../../lib/realtime-counts.ts';
import { SIDEBAR_ID } from './sidebar.tsx';
import css from './top-bar.module.css';

/** Shown while the live connection is down: what is on screen may be behind until it is back. */
function Reconnecting() {
  const state = useRealtimeState();
  if (state !== 'reconnecting') return null;
  return (
    <div role="status" className={css.reconnecting}>
      Reconnecting…
    </div>
  );
}

/** The merchant's initial, a link to their account page, and their name from 600 px. */
function Merchant() {
  const me = useMe();
  if (!me.data) return null;
  return (
    <div className={css.merchant}>
      <IconLink to="/dashboard/account" aria-label="Account">
        <span className={css.initial} aria-hidden>
          {me.data.name.slice(0, 1).toUpperCase()}
        </span>
      </IconLink>
      <p className={css.name}>{me.data.name}</p>
    </div>
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
    <header className={css.bar}>
      <div className={css.toolbar}>
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
            <span aria-hidden data-testid="menu-attention" className={css.attention}>
              {countText(needsYou)}
            </span>
          )}
        </IconButton>
        <LogoLink to="/dashboard/shops" label="Balas shops" size={28} />
        <span className={css.grow} />
        <Reconnecting />
        <Merchant />
        <TextButton icon={<LogoutRounded />} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Logout
        </TextButton>
      </div>
    </header>
  );
}
