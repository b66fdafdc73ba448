import { randomUUID } from 'node:crypto';
import type { Platform } from '../platform.ts';

/** The merchant's own website: the chat is ours, so there is nothing to call and nothing to read back. */
export function createWebsitePlatform(): Platform {
  return {
    provider: 'website',
    mode: 'live',
    connector: null,
    verifier: null,
    textMessage: (text) => ({ type: 'text', content: { text } }),
    textOf: (content) => (typeof content.text === 'string' ? content.text : undefined),
    // The widget shows these itself: a picture, and a product as a rich card (name, price, image).
    compose: {
      image: (image) => ({
        type: 'image',
        content: {
          url: image.url,
          thumb_width: image.width,
          thumb_height: image.height,
          image_id: image.imageId,
        },
      }),
      product: (p) => ({
        type: 'item',
        content: {
          item_id: p.externalId,
          name: p.name,
          price: p.price,
          currency: p.currency,
          image: p.image,
        },
      }),
      voucher: null,
      order: null,
    },
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
