import { channelOf, type Provider } from '@balas/contracts';
import LanguageRounded from '@mui/icons-material/LanguageRounded';
import { Avatar, Chip } from '@mui/material';

const looks: Record<Provider, { color: string; letter: string | null }> = {
  shopee: { color: '#ee4d2d', letter: 'S' },
  lazada: { color: '#1a2bd1', letter: 'L' },
  website: { color: '#35495e', letter: null },
};

/** A platform's look; one the dashboard does not list (a test's own platform) gets a neutral one. */
const lookOf = (provider: string) => {
  const label = channelOf(provider).name;
  return {
    label,
    ...(looks[provider as Provider] ?? { color: '#35495e', letter: label.charAt(0).toUpperCase() }),
  };
};

export const providerLabel = (provider: string) => lookOf(provider).label;
export const providerColor = (provider: string) => lookOf(provider).color;

/** The provider's mark: a coloured tile with its initial (a globe for websites). */
export function ProviderAvatar({ provider, size = 40 }: { provider: string; size?: number }) {
  const look = lookOf(provider);
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
export function ProviderBadge({ provider }: { provider: string }) {
  const look = lookOf(provider);
  return (
    <Chip
      size="small"
      variant="outlined"
      label={look.label}
      sx={{ color: look.color, borderColor: look.color, bgcolor: '#fff' }}
    />
  );
}
