import { Box, Divider, Drawer, Toolbar } from '@mui/material';
import { useCurrentShop } from '../../features/shops/hooks/current-shop.ts';
import { SidebarLinks } from './sidebar-links.tsx';
import { SidebarShops } from './sidebar-shops.tsx';

export const SIDEBAR_WIDTH = 272;
export const SIDEBAR_ID = 'dashboard-sidebar';

function SidebarContent() {
  const { shop, shops, isLoading } = useCurrentShop();
  return (
    <Box component="nav" aria-label="Dashboard" sx={{ width: SIDEBAR_WIDTH, overflowY: 'auto', pb: 2 }}>
      <Toolbar />
      <Box sx={{ pt: 1.5 }}>
        <SidebarLinks shop={shop} />
      </Box>
      <Divider sx={{ my: 1, mx: 2 }} />
      <SidebarShops shops={shops} current={shop} loading={isLoading} />
    </Box>
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
  const paper = {
    width: SIDEBAR_WIDTH,
    boxSizing: 'border-box',
    borderRight: 1,
    borderColor: 'divider',
  } as const;
  if (desktop) {
    return (
      <Drawer variant="persistent" open={open} id={SIDEBAR_ID} slotProps={{ paper: { sx: paper } }}>
        <SidebarContent />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      id={SIDEBAR_ID}
      slotProps={{ paper: { sx: paper } }}
    >
      <SidebarContent />
    </Drawer>
  );
}
