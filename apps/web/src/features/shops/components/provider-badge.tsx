import type { Provider } from '@balas/contracts';
import LanguageRounded from '@mui/icons-material/LanguageRounded';
import { Avatar, Chip } from '@mui/material';

const looks: Record<Provider, { label: string; color: string; letter: string | null }> = {
  shopee: { label: 'Shopee', color: '#ee4d2d', letter: 'S' },
  lazada: { label: 'Lazada', color: '#1a2bd1', letter: 'L' },
  website: { label: 'Website', color: '#35495e', letter: null },
};

export const providerLabel = (provider: Provider) => looks[provider].label;
export const providerColor = (provider: Provider) => looks[provider].color;

/** The provider's mark: a coloured tile with its initial (a globe for websites). */
export function ProviderAvatar({ provider, size = 40 }: { provider: Provider; size?: number }) {
  const look = looks[provider];
  return (
    <Avatar
      variant="rounded"
      aria-hidden
      sx={{ bgcolor: look.color, width: size, height: size, fontWeight: 800, fontSize: size * 0.5 }}
    >
      {look.letter ?? <LanguageRounded sx={{ fontSize: size * 0.6 }} />}
    </Avatar>
  );
}

/** The provider's name as a small outlined chip in its colour. */
export function ProviderBadge({ provider }: { provider: Provider }) {
  const look = looks[provider];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={look.label}
      sx={{ color: look.color, borderColor: look.color, bgcolor: '#fff' }}
    />
  );
}
