import type { Provider } from '@balas/contracts';
import { Chip } from '@mui/material';

const looks: Record<Provider, { label: string; color: string }> = {
  shopee: { label: 'Shopee', color: '#ee4d2d' },
  lazada: { label: 'Lazada', color: '#0f146d' },
  website: { label: 'Website', color: '#42b883' },
};

export function ProviderBadge({ provider }: { provider: Provider }) {
  const look = looks[provider];
  return (
    <Chip size="small" label={look.label} sx={{ bgcolor: look.color, color: '#fff', fontWeight: 600 }} />
  );
}

export const providerLabel = (provider: Provider) => looks[provider].label;
