import { createHash } from 'node:crypto';
import {
  jsonInt,
  needsReauthorization,
  parseShopeePush,
  type ShopeeAuth,
  type ShopeeClient,
  type ShopeeMessage,
  type ShopeePush,
  verifyShopeePush,
} from '@balas/marketplaces';
import type {
  Connector,
  IncomingMessage,
  OutgoingMessage,
  Platform,
  PlatformMode,
  PlatformPush,
  PlatformShop,
  PushVerifier,
  ShopAccess,
} from '../platform.ts';
import { shopeeCatalogue, shopeeRunningVouchers } from './shopee.catalogue.ts';
import { decodeShopee, encodeShopee } from './shopee.content.ts';
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
  const raw = { type: m.messageType, content: m.content };
  return {
    conversation: {
      externalId: m.conversationId,
      customerId: shopSide ? m.toId : m.fromId,
      customerName: (shopSide ? names.to : names.from) ?? '',
    },
    message: {
      externalId: m.messageId,
      sender: shopSide ? (m.source === 'openapi' ? 'bot' : 'agent') : 'customer',
      content: decodeShopee(raw),
      raw,
      sentAt: new Date(m.createdTimestamp * 1000),
    },
  };
}

/** A Shopee push (delivered or replayed from the lost-push list) in our terms. */
export function shopeePushOf(push: ShopeePush): PlatformPush {
  if (push.kind === 'message')
    return {
      shopExternalId: push.shopId,
      kind: 'message',
      incoming: incomingFromShopee({ externalId: push.shopId }, push.message, {
        from: push.fromUserName,
        to: push.toUserName,
      }),
    };
  if (push.kind === 'notification') return { shopExternalId: push.shopId, kind: 'conversations' };
  return { shopExternalId: push.shopId, kind: 'ignored' };
}

const bigId = (v: unknown) =>
  typeof v === 'string' && /^\d+$/.test(v) ? jsonInt(v) : typeof v === 'number' ? v : v;

/**
 * The `content` send_message takes (marketplaces.md §1.6): a picture goes by the `image_url`
 * upload_image gives (done here, so a retry uploads again); ids as JSON integers.
 */
async function shopeeSendContent(client: ShopeeClient, auth: ShopeeAuth, message: OutgoingMessage) {
  const native = encodeShopee(message.content);
  if (message.content.kind === 'image' && message.upload) {
    const uploaded = await client.uploadImage(auth, await message.upload());
    return { type: native.type, content: { image_url: uploaded.url } };
  }
  const c = native.content;
  return {
    type: native.type,
    content: Object.fromEntries(
      Object.entries(c)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, k.endsWith('_id') ? bigId(v) : v]),
    ),
  };
}

export function createShopeeConnector(client: ShopeeClient): Connector {
  return {
    stateInPath: true,
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
    name: 'Shopee',
    mode: input.mode,
    connector: createShopeeConnector(client),
    verifier: input.verifier,
    decodePush: (raw) => shopeePushOf(parseShopeePush(raw)),
    encode: encodeShopee,
    accepts: ['image', 'product', 'voucher', 'order'],
    async send(shop, conversation, message) {
      const a = await auth(shop);
      const native = await shopeeSendContent(client, a, message);
      const sent = await client.sendMessage(a, {
        toId: conversation.customerId,
        messageType: native.type,
        content: native.content,
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
