import { channelOf, type Provider } from '@balas/contracts';
import LanguageRounded from '@mui/icons-material/LanguageRounded?plain';

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
    <span
      aria-hidden
      style={{
        display: 'flex',
        flexShrink: 0,
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: 10,
        backgroundColor: look.color,
        color: '#fff',
        fontSize: size * 0.5,
        fontWeight: 800,
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {look.letter ?? <LanguageRounded style={{ fontSize: size * 0.6 }} />}
    </span>
  );
}
