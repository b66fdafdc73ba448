/**
 * The shipped platforms' ids (the shops' `provider`). Here, with no schema library, so that the
 * dashboard's first load can list them; `provider` (shops.ts) is their zod enum.
 */
export const providers = ['shopee', 'lazada', 'website'] as const;
export type Provider = (typeof providers)[number];

/**
 * The spec's platform route segments (`/{segment}/v1/...`, `/chat/{segment}/...`), each with the
 * wire shape of its chats (spec §7): Shopee's conversations or Lazada's sessions.
 */
export const routeSegments = {
  shopee: { chats: 'conversations' },
  lazada: { chats: 'sessions' },
} as const;
export type RouteSegment = keyof typeof routeSegments;
export const routeSegmentIds = Object.keys(routeSegments) as RouteSegment[];

/**
 * The rule by which a marketplace counts a chat as answered (docs/response-windows.md): a first reply
 * within some hours, or the same day (chats before the cutoff hour are due at the due hour that day,
 * later ones at that hour the next day). `response-time.ts` turns it into a deadline and words.
 */
export type ResponseWindowRule =
  | { kind: 'within'; hours: number }
  | { kind: 'sameDay'; cutoffHour: number; dueHour: number };

/** What the dashboard and the server need to know of a sales channel, in one place. */
export interface Channel {
  name: string;
  /** A marketplace: authorized on the platform, with its own orders, vouchers and chat response window. */
  marketplace: boolean;
  /** The spec's `/{provider}/v1/...` and `/chat/{provider}/...` segment: website chats use Shopee's. */
  routeSegment: RouteSegment;
  /** The simulator's page: `/dashboard/test/{simulator}`. */
  simulator: 'shopee' | 'website';
  /** The chat can load a conversation's earlier messages page by page (not Lazada's sessions). */
  earlierMessages: boolean;
  /** The chat takes WebP pictures (Shopee's upload does not). */
  webpImages: boolean;
  /** The platform stamps messages in whole seconds (Shopee), so ours are stamped alike. */
  wholeSecondStamps: boolean;
  /** The platform's chat response window; null where no platform counts one (the website). */
  responseWindow: ResponseWindowRule | null;
  /** What the platform calls its seller site, for the order card's link; null without platform orders. */
  sellerCentre: string | null;
}

export const salesChannels: Record<Provider, Channel> = {
  shopee: {
    name: 'Shopee',
    marketplace: true,
    routeSegment: 'shopee',
    simulator: 'shopee',
    earlierMessages: true,
    webpImages: false,
    wholeSecondStamps: true,
    responseWindow: { kind: 'within', hours: 12 },
    sellerCentre: 'Seller Centre',
  },
  lazada: {
    name: 'Lazada',
    marketplace: true,
    routeSegment: 'lazada',
    simulator: 'shopee',
    earlierMessages: false,
    webpImages: true,
    wholeSecondStamps: false,
    responseWindow: { kind: 'sameDay', cutoffHour: 18, dueHour: 19 },
    sellerCentre: 'Seller Center',
  },
  website: {
    name: 'Website',
    marketplace: false,
    routeSegment: 'shopee',
    simulator: 'website',
    earlierMessages: true,
    webpImages: true,
    wholeSecondStamps: false,
    responseWindow: null,
    sellerCentre: null,
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
    webpImages: true,
    wholeSecondStamps: false,
    responseWindow: null,
    sellerCentre: null,
  };

/** How a shop's chats are shaped on its routes: Shopee's conversations or Lazada's sessions. */
export const chatShapeOf = (provider: string) => routeSegments[channelOf(provider).routeSegment].chats;

/** The simulator page of a shop's channel; the marketplaces' before any shop is chosen. */
export const simulatorOf = (provider: string | undefined) =>
  (provider === undefined ? salesChannels.shopee : channelOf(provider)).simulator;
