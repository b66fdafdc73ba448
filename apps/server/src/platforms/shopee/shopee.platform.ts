import { createHash } from 'node:crypto';
import {
  jsonInt,
  needsReauthorization,
  parseShopeePush,
  type ShopeeAuth,
  type ShopeeClient,
  type ShopeeMessage,
  verifyShopeePush,
} from '@balas/marketplaces';
import type {
  Connector,
  IncomingMessage,
  OutgoingMessage,
  Platform,
  PlatformMode,
  PlatformShop,
  PushVerifier,
  ShopAccess,
} from '../platform.ts';
import { shopeeCatalogue, shopeeRunningVouchers } from './shopee.catalogue.ts';
import { createShopeeOrders } from './shopee.orders.ts';

/** Shopee refresh tokens live 30 days; the platform does not say so in its answer. */
const REFRESH_TOKEN_LIFE_MS = 30 * 24 * 3600 * 1000;
const MESSAGES_PAGE = 25;

export const bodyHash = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** A Shopee message in our terms; the buyer is whoever is not the shop. */
export function incomingFromShopee(
  shop: Pick<PlatformShop, 'externalId'>,
  m: ShopeeMessage,
  names: { from?: string; to?: string } = {},
): IncomingMessage {
  const shopSide = m.fromShopId === shop.externalId || m.fromId === shop.externalId;
  return {
    conversation: {
      externalId: m.conversationId,
      customerId: shopSide ? m.toId : m.fromId,
      customerName: (shopSide ? names.to : names.from) ?? '',
    },
    message: {
      externalId: m.messageId,
      sender: shopSide ? (m.source === 'openapi' ? 'bot' : 'agent') : 'customer',
      type: m.messageType,
      content: m.content,
      sentAt: new Date(m.createdTimestamp * 1000),
    },
  };
}

const bigId = (v: unknown) =>
  typeof v === 'string' && /^\d+$/.test(v) ? jsonInt(v) : typeof v === 'number' ? v : v;

/**
 * The `content` send_message takes for a message (marketplaces.md §1.6): image `image_url` (from
 * upload_image, done here so a retry uploads again), item `item_id`, order `order_sn`, voucher
 * `voucher_id` + `voucher_code`; ids as JSON integers. Anything else goes as it is.
 */
async function shopeeSendContent(client: ShopeeClient, auth: ShopeeAuth, message: OutgoingMessage) {
  const c = message.content;
  switch (message.type) {
    case 'image': {
      if (message.upload) {
        const uploaded = await client.uploadImage(auth, await message.upload());
        return { image_url: uploaded.url };
      }
      return { image_url: c.image_url ?? c.url };
    }
    case 'item':
      return { item_id: bigId(c.item_id) };
    case 'order':
      return { order_sn: c.order_sn };
    case 'voucher':
      return { voucher_id: bigId(c.voucher_id), voucher_code: c.voucher_code };
    default:
      return c;
  }
}

export function createShopeeConnector(client: ShopeeClient): Connector {
  return {
    callbackPath: (state) => `/api/shopee/callback/${state}`,
    authorizationUrl: ({ callbackUrl }) => client.authorizationUrl(callbackUrl),
    async completeAuthorization(query) {
      const shopId = query.shop_id;
      if (!query.code || !shopId) throw new Error('Shopee did not return a code and shop_id');
      const t = await client.getAccessToken({ code: query.code, shopId });
      return {
        externalId: shopId,
        region: null,
        accessToken: t.accessToken,
        refreshToken: t.refreshToken,
        expiresAt: t.expiresAt,
        refreshExpiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFE_MS),
      };
    },
    async refresh({ refreshToken, externalId }) {
      const t = await client.refreshAccessToken({ refreshToken, shopId: externalId });
      return {
        accessToken: t.accessToken,
        refreshToken: t.refreshToken,
        expiresAt: t.expiresAt,
        refreshExpiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFE_MS),
      };
    },
    needsReauthorization,
  };
}

export function createShopeeVerifier(partnerKey: string, callbackUrl: string): PushVerifier {
  return {
    verify: (rawBody, authorization) => verifyShopeePush({ partnerKey, callbackUrl, rawBody, authorization }),
    dedupeKey(rawBody) {
      // The same message pushed twice (a retry) is one event; anything else is keyed by its bytes.
      try {
        const push = parseShopeePush(rawBody);
        if (push.kind === 'message' && push.message.messageId)
          return `msg:${push.shopId}:${push.message.messageId}`;
      } catch {
        // not JSON: the route answers 400 after verification
      }
      return bodyHash(rawBody);
    },
  };
}

export function createShopeePlatform(input: {
  mode: PlatformMode;
  client: ShopeeClient;
  /** Null when the platform is off: no pushes are taken. */
  verifier: PushVerifier | null;
  access: ShopAccess;
}): Platform {
  const { client, access } = input;
  const auth = async (shop: PlatformShop) => {
    const { accessToken, externalId } = await access(shop);
    return { accessToken, shopId: externalId };
  };
  const pageOf = async (shop: PlatformShop, conversationId: string, customerName: string) => {
    const a = await auth(shop);
    const page = await client.getMessages(a, { conversationId, pageSize: MESSAGES_PAGE });
    return page.messages.reverse().map((m) => {
      const shopSide = m.fromShopId === a.shopId || m.fromId === a.shopId;
      return incomingFromShopee(
        { externalId: a.shopId },
        m,
        shopSide ? { to: customerName } : { from: customerName },
      );
    });
  };

  return {
    provider: 'shopee',
    mode: input.mode,
    connector: createShopeeConnector(client),
    verifier: input.verifier,
    textMessage: (text) => ({ type: 'text', content: { text } }),
    textOf: (content) => (typeof content.text === 'string' ? content.text : undefined),
    // Stored as Shopee shows received ones (the picture at our address until Shopee's copy exists).
    compose: {
      image: (image) => ({
        type: 'image',
        content: {
          url: image.url,
          thumb_url: image.url,
          thumb_width: image.width,
          thumb_height: image.height,
          image_id: image.imageId,
        },
      }),
      product: (p) => ({ type: 'item', content: { item_id: p.externalId } }),
      voucher: (v) => ({ type: 'voucher', content: { voucher_id: v.id, voucher_code: v.code } }),
      order: (orderId) => ({ type: 'order', content: { order_sn: orderId } }),
    },
    async send(shop, conversation, message) {
      const a = await auth(shop);
      const sent = await client.sendMessage(a, {
        toId: conversation.customerId,
        messageType: message.type,
        content: await shopeeSendContent(client, a, message),
      });
      return { externalId: sent.messageId };
    },
    async markRead(shop, conversation) {
      if (!conversation.lastMessageExternalId) return;
      await client.readConversation(await auth(shop), {
        conversationId: conversation.externalId,
        lastReadMessageId: conversation.lastMessageExternalId,
      });
    },
    async recentMessages(shop, options) {
      const list = await client.getConversationList(await auth(shop), {
        direction: 'older',
        type: 'all',
        pageSize: Math.min(options.conversations, MESSAGES_PAGE),
      });
      const out: IncomingMessage[] = [];
      for (const c of list.conversations) out.push(...(await pageOf(shop, c.conversationId, c.toName)));
      return out;
    },
    conversationMessages: (shop, conversationId) => pageOf(shop, conversationId, ''),
    catalogue: async (shop, { limit }) => shopeeCatalogue(client, await auth(shop), limit),
    orders: createShopeeOrders(client),
    runningVouchers: async (shop) => shopeeRunningVouchers(client, await auth(shop)),
    async orderItemNames(shop, orderId) {
      const [order] = await client.getOrderDetail(await auth(shop), [orderId]);
      return [...new Set((order?.items ?? []).map((i) => i.name).filter(Boolean))];
    },
  };
}
