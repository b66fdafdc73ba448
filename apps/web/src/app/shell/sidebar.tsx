import CloseRounded from '@mui/icons-material/CloseRounded?plain';
import { type ReactNode, useEffect, useRef } from 'react';
import { IconButton } from '../../components/buttons/buttons.tsx';
import { LogoLink } from '../../components/logo.tsx';
import { useCurrentShop } from '../../features/shops/hooks/current-shop.ts';
import css from './sidebar.module.css';
import { SidebarLinks } from './sidebar-links.tsx';
import { SidebarShops } from './sidebar-shops.tsx';

export const SIDEBAR_ID = 'dashboard-sidebar';

function SidebarContent() {
  const { shop, shops, isLoading } = useCurrentShop();
  return (
    <>
      <SidebarLinks shop={shop} />
      <hr className={css.divider} />
      <SidebarShops shops={shops} current={shop} loading={isLoading} />
    </>
  );
}

/**
 * A phone's drawer: a modal dialog over the page (the browser keeps focus in it, Escape and a tap
 * beside it close it, and focus goes back to the menu button), with the logo and a close button in
 * the top bar's place.
 */
function Drawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (open && !d?.open) d?.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the backdrop; the keyboard closes it with Escape
    <dialog
      ref={dialog}
      id={SIDEBAR_ID}
      className={css.drawer}
      aria-label="Menu"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {/* Drawn while open only: a phone's first screen has no menu to build. */}
      {open && (
        <>
          <div className={css.drawerBar}>
            <LogoLink to="/dashboard/shops" label="Balas shops" size={28} />
            <IconButton aria-label="Close menu" onClick={onClose}>
              <CloseRounded />
            </IconButton>
          </div>
          {/* It closes once the merchant has picked a page (not on a redirect: a page that loads
              late would close a drawer opened meanwhile). */}
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside answer the keyboard; this hears their clicks */}
          <nav
            aria-label="Dashboard"
            className={css.nav}
            onClick={(e) => {
              if (e.target instanceof Element && e.target.closest('a')) onClose();
            }}
          >
            {children}
          </nav>
        </>
      )}
    </dialog>
  );
}

/** A collapsible side panel from 960 px up; a drawer over the page below (spec §2). */
export function Sidebar({
  open,
  desktop,
  onClose,
}: {
  open: boolean;
  desktop: boolean;
  onClose: () => void;
}) {
  if (!desktop) {
    return (
      <Drawer open={open} onClose={onClose}>
        <SidebarContent />
      </Drawer>
    );
  }
  return (
    <div id={SIDEBAR_ID} className={css.panel} data-open={open} inert={!open}>
      <nav aria-label="Dashboard" className={css.nav}>
        <SidebarContent />
      </nav>
    </div>
  );
}
