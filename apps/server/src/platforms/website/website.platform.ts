import { randomUUID } from 'node:crypto';
import type { Platform } from '../platform.ts';

/** The merchant's own website: the chat is ours, so there is nothing to call and nothing to read back. */
export function createWebsitePlatform(): Platform {
  return {
    provider: 'website',
    mode: 'live',
    connector: null,
    verifier: null,
    // The widget reads our own content: what is stored is what it shows.
    encode: (content) => ({ type: content.kind, content }),
    accepts: ['image', 'product'],
    send: async () => ({ externalId: randomUUID() }),
    markRead: async () => {},
    recentMessages: async () => [],
    conversationMessages: async () => [],
    // The website's products are the merchant's own entries: there is no listing to read.
    catalogue: () => null,
    orders: null,
    runningVouchers: async () => [],
    orderItemNames: async () => [],
  };
}
