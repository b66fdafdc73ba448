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
}

export const salesChannels: Record<Provider, Channel> = {
  shopee: { name: 'Shopee', marketplace: true, routeSegment: 'shopee', simulator: 'shopee' },
  lazada: { name: 'Lazada', marketplace: true, routeSegment: 'lazada', simulator: 'shopee' },
  website: { name: 'Website', marketplace: false, routeSegment: 'shopee', simulator: 'website' },
};

export const channelOf = (provider: Provider): Channel => salesChannels[provider];
