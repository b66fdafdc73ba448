import type { Shop } from '@balas/contracts';
import AddRounded from '@mui/icons-material/AddRounded';
import {
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Skeleton,
} from '@mui/material';
import { Link } from 'react-router';
import { ProviderAvatar, providerLabel } from '../../features/shops/components/provider-badge.tsx';
import { shopPath } from '../../features/shops/components/shop-card.tsx';
import { selectShop } from '../../features/shops/hooks/current-shop.ts';
import { useInboxCounts } from '../../lib/realtime-counts.ts';
import { InboxBadges } from './sidebar-links.tsx';

/** The merchant's shops: a click makes the shop current and opens it. */
export function SidebarShops({
  shops,
  current,
  loading,
}: {
  shops: Shop[];
  current: Shop | null;
  loading: boolean;
}) {
  const counts = useInboxCounts().data?.shops;
  return (
    <List
      dense
      sx={{ px: 1.5 }}
      aria-label="Your shops"
      subheader={
        <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
          Your shops
        </ListSubheader>
      }
    >
      {loading && (
        <ListItem disablePadding aria-busy="true">
          <Skeleton variant="rounded" height={40} sx={{ mx: 1, flex: 1 }} />
        </ListItem>
      )}
      {shops.map((shop) => (
        <ListItem key={shop.id} disablePadding sx={{ mb: 0.5 }}>
          <ListItemButton
            component={Link}
            to={shopPath(shop)}
            selected={shop.id === current?.id}
            aria-current={shop.id === current?.id ? 'true' : undefined}
            onClick={() => selectShop(shop.id)}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <ProviderAvatar provider={shop.providerName} size={28} />
            </ListItemIcon>
            <ListItemText
              primary={shop.addInformation.name}
              secondary={providerLabel(shop.providerName)}
              slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
            />
            {counts?.map((c) =>
              c.shopId === shop.id ? (
                <InboxBadges key={c.shopId} needsYou={c.needsYou} unread={c.unread} />
              ) : null,
            )}
          </ListItemButton>
        </ListItem>
      ))}
      <ListItem disablePadding>
        <ListItemButton component={Link} to="/dashboard/addshop" sx={{ color: 'primary.dark' }}>
          <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>
            <AddRounded />
          </ListItemIcon>
          <ListItemText primary="Add Shop" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
        </ListItemButton>
      </ListItem>
    </List>
  );
}
