import type { Provider } from './shops.ts';

/** What the dashboard and the server need to know of a sales channel, in one place. */
export interface Channel {
  name: string;
  /** A marketplace: authorized on the platform, with its own orders, vouchers and chat response window. */
  marketplace: boolean;
  /** The spec's `/{provider}/v1/...` and `/chat/{provider}/...` segment: website chats use Shopee's. */
  routeSegment: 'shopee' | 'lazada';
  /** The simulator's page: `/dashboard/test/{simulator}`. */
  simulator: 'shopee' | 'website';
  /** The chat can load a conversation's earlier messages page by page (not Lazada's sessions). */
  earlierMessages: boolean;
}

export const salesChannels: Record<Provider, Channel> = {
  shopee: {
    name: 'Shopee',
    marketplace: true,
    routeSegment: 'shopee',
    simulator: 'shopee',
    earlierMessages: true,
  },
  lazada: {
    name: 'Lazada',
    marketplace: true,
    routeSegment: 'lazada',
    simulator: 'shopee',
    earlierMessages: false,
  },
  website: {
    name: 'Website',
    marketplace: false,
    routeSegment: 'shopee',
    simulator: 'website',
    earlierMessages: true,
  },
};

/**
 * A platform's descriptor. An id the list does not know (a platform the server registers for a test
 * only, decision 0028) reads as an unnamed marketplace on the shared routes.
 */
export const channelOf = (provider: string): Channel =>
  salesChannels[provider as Provider] ?? {
    name: provider,
    marketplace: true,
    routeSegment: 'shopee',
    simulator: 'shopee',
    earlierMessages: false,
  };
