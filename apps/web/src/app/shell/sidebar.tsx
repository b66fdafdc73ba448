import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import LocalOffer from '@mui/icons-material/LocalOffer';
import School from '@mui/icons-material/School';
import Storefront from '@mui/icons-material/Storefront';
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
} from '@mui/material';
import { Link, useLocation } from 'react-router';
import { ProviderBadge } from '../../features/shops/components/provider-badge.tsx';
import { rememberShop, useCurrentShop } from '../../features/shops/hooks/current-shop.ts';

export const SIDEBAR_WIDTH = 260;

export function Sidebar({
  open,
  desktop,
  onClose,
}: {
  open: boolean;
  desktop: boolean;
  onClose: () => void;
}) {
  const { shop, shops } = useCurrentShop();
  const { pathname } = useLocation();
  const simulator = shop
    ? `/dashboard/test/${shop.providerName === 'website' ? 'website' : 'shopee'}?shopId=${shop.id}`
    : '/dashboard/shops';
  const links = [
    { to: '/dashboard/shops', label: 'Shops', icon: Storefront, match: '/dashboard/shops' },
    {
      to: shop ? `/dashboard/shops/knowledge?shopId=${shop.id}` : '/dashboard/shops',
      label: 'Train Chatbot',
      icon: School,
      match: '/dashboard/shops/knowledge',
    },
    { to: simulator, label: 'Simulator', icon: ChatBubbleOutline, match: '/dashboard/test' },
    ...(shop?.config.vouchersEnabled
      ? [
          {
            to: `/dashboard/vouchers/${shop.id}`,
            label: 'Vouchers',
            icon: LocalOffer,
            match: '/dashboard/vouchers',
          },
        ]
      : []),
  ];
  const content = (
    <Box component="nav" aria-label="Dashboard" sx={{ width: SIDEBAR_WIDTH, overflowY: 'auto' }}>
      <Toolbar />
      <List>
        {links.map(({ to, label, icon: Icon, match }) => (
          <ListItemButton key={label} component={Link} to={to} selected={pathname === match}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <Icon />
            </ListItemIcon>
            <ListItemText primary={label} />
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <List subheader={<ListSubheader>Your shops</ListSubheader>} dense>
        {shops.map((s) => (
          <ListItemButton
            key={s.id}
            component={Link}
            to={`/dashboard/shops/shopee/${s.id}`}
            selected={s.id === shop?.id}
            onClick={() => rememberShop(s.id)}
          >
            <ListItemText primary={s.addInformation.name} slotProps={{ primary: { noWrap: true } }} />
            <ProviderBadge provider={s.providerName} />
          </ListItemButton>
        ))}
        <ListItemButton component={Link} to="/dashboard/addshop">
          <ListItemText
            primary="+ Add Shop"
            slotProps={{ primary: { color: 'primary', sx: { fontWeight: 600 } } }}
          />
        </ListItemButton>
      </List>
    </Box>
  );
  return desktop ? (
    <Drawer
      variant="persistent"
      open={open}
      sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
    >
      {content}
    </Drawer>
  ) : (
    <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: false }}>
      {content}
    </Drawer>
  );
}
