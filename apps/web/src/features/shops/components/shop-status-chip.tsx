import type { Shop } from '@balas/contracts';
import { Chip } from '@mui/material';

const looks: Record<Shop['status'], { label: string; color: 'success' | 'default' | 'warning' }> = {
  active: { label: 'Connected', color: 'success' },
  pending: { label: 'Waiting for authorization', color: 'default' },
  reconnect: { label: 'Needs reconnecting', color: 'warning' },
};

/** Where the shop's connection stands: connected, waiting for authorization, or lapsed. */
export function ShopStatusChip({ status }: { status: Shop['status'] }) {
  const look = looks[status];
  return (
    <Chip size="small" label={look.label} color={look.color} variant="outlined" sx={{ bgcolor: '#fff' }} />
  );
}
