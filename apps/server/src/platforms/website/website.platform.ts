import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Platform, PlatformDefinition } from '../platform.ts';

/** The merchant's own website: the chat is ours, so there is nothing to call and nothing to read back. */
export function createWebsitePlatform(): Platform {
  return {
    provider: 'website',
    name: 'Website',
    mode: 'live',
    connector: null,
    verifier: null,
    decodePush: null,
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

/** The website reads no configuration and is always on: its chat is ours. */
export const websiteDefinition: PlatformDefinition<'website', Record<string, never>, null> = {
  id: 'website',
  name: 'Website',
  marketplace: false,
  env: z.object({}),
  live: () => ({}),
  sandbox: () => ({}),
  off: () => ({}),
  create: () => ({ platform: createWebsitePlatform(), client: null }),
};
