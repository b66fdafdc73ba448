import {
  type LazadaClient,
  type LazadaMessage,
  needsReauthorization,
  parseLazadaPush,
  verifyLazadaPush,
} from '@balas/marketplaces';
import type {
  Connector,
  IncomingMessage,
  Platform,
  PlatformMode,
  PlatformPush,
  PlatformShop,
  PushVerifier,
  ShopAccess,
} from '../platform.ts';
import { bodyHash } from '../shopee/shopee.platform.ts';
import { lazadaCatalogue, lazadaRunningVouchers } from './lazada.catalogue.ts';
import { decodeLazada, encodeLazada, parseLazadaContent } from './lazada.content.ts';
import { createLazadaOrders } from './lazada.orders.ts';

const SESSIONS_PAGE = 20;
const MESSAGES_PAGE = 25;

/** A Lazada message in our terms: account type 1 is the buyer, 2 the seller. */
export function incomingFromLazada(
  m: LazadaMessage,
  session: { buyerId: string; title: string },
): IncomingMessage {
  // Lazada names its message kinds by template id (1 text, 3 image, 10006 product, …).
  const raw = { type: String(m.templateId), content: parseLazadaContent(m.content) };
  return {
    conversation: { externalId: m.sessionId, customerId: session.buyerId, customerName: session.title },
    message: {
      externalId: m.messageId,
      sender: m.fromAccountType === 1 ? 'customer' : m.autoReply ? 'bot' : 'agent',
      content: decodeLazada(raw),
      raw,
      sentAt: new Date(m.sendTime),
    },
  };
}

/** A Lazada push names a session that changed, never the message: the session is read back. */
function lazadaPushOf(raw: string): PlatformPush {
  const push = parseLazadaPush(raw);
  return push.kind === 'session'
    ? { shopExternalId: push.sellerId, kind: 'conversation', conversationExternalId: push.sessionId }
    : { shopExternalId: push.sellerId, kind: 'ignored' };
}

export function createLazadaConnector(client: LazadaClient): Connector {
  return {
    stateInPath: false,
    authorizationUrl: ({ callbackUrl, state }) =>
      client.authorizationUrl({ redirectUri: callbackUrl, state }),
    async completeAuthorization(query) {
      if (!query.code) throw new Error('Lazada did not return a code');
      const t = await client.createToken(query.code);
      return {
        externalId: t.sellerId,
        region: t.country ?? null,
        accessToken: t.accessToken,
        refreshToken: t.refreshToken,
        expiresAt: t.expiresAt,
        refreshExpiresAt: t.refreshExpiresAt ?? null,
      };
    },
    async refresh({ refreshToken }) {
      const t = await client.refreshToken(refreshToken);
      return {
        accessToken: t.accessToken,
        refreshToken: t.refreshToken,
        expiresAt: t.expiresAt,
        refreshExpiresAt: t.refreshExpiresAt ?? null,
      };
    },
    needsReauthorization,
  };
}

export const createLazadaVerifier = (appKey: string, appSecret: string): PushVerifier => ({
  verify: (rawBody, authorization) => verifyLazadaPush({ appKey, appSecret, rawBody, authorization }),
  dedupeKey: bodyHash,
});

/** The fields of a Lazada send call a message fills. */
function sendFields(content: Record<string, unknown>) {
  const pick = (k: string) => (typeof content[k] === 'string' ? (content[k] as string) : undefined);
  return {
    txt: pick('txt'),
    itemId: pick('itemId'),
    orderId: pick('orderId'),
    promotionId: pick('promotionId'),
    imgUrl: pick('imgUrl'),
    width: typeof content.width === 'number' ? content.width : undefined,
    height: typeof content.height === 'number' ? content.height : undefined,
  };
}

export function createLazadaPlatform(input: {
  mode: PlatformMode;
  client: LazadaClient;
  verifier: PushVerifier | null;
  access: ShopAccess;
}): Platform {
  const { client, access } = input;
  const token = async (shop: PlatformShop) => (await access(shop)).accessToken;
  const sessionMessages = async (
    accessToken: string,
    session: { sessionId: string; buyerId: string; title: string },
  ) => {
    const page = await client.listMessages(accessToken, {
      sessionId: session.sessionId,
      startTime: Date.now(),
      pageSize: MESSAGES_PAGE,
    });
    return page.messages.reverse().map((m) => incomingFromLazada(m, session));
  };

  return {
    provider: 'lazada',
    name: 'Lazada',
    mode: input.mode,
    connector: createLazadaConnector(client),
    verifier: input.verifier,
    decodePush: lazadaPushOf,
    encode: encodeLazada,
    accepts: ['image', 'product', 'voucher', 'order'],
    async send(shop, conversation, message) {
      const native = encodeLazada(message.content);
      const sent = await client.sendMessage(await token(shop), {
        sessionId: conversation.externalId,
        templateId: Number(native.type),
        ...sendFields(native.content),
      });
      return { externalId: sent.messageId };
    },
    async markRead(shop, conversation) {
      if (!conversation.lastMessageExternalId) return;
      await client.readSession(await token(shop), {
        sessionId: conversation.externalId,
        lastReadMessageId: conversation.lastMessageExternalId,
      });
    },
    async recentMessages(shop, options) {
      const accessToken = await token(shop);
      const list = await client.listSessions(accessToken, {
        startTime: Date.now(),
        pageSize: Math.min(options.conversations, SESSIONS_PAGE),
      });
      const out: IncomingMessage[] = [];
      for (const s of list.sessions) out.push(...(await sessionMessages(accessToken, s)));
      return out;
    },
    /** A session push carries no message: the session's buyer and its latest messages are read. */
    async conversationMessages(shop, sessionId) {
      const accessToken = await token(shop);
      const sessions = await client.listSessions(accessToken, { startTime: Date.now(), pageSize: 50 });
      const session = sessions.sessions.find((s) => s.sessionId === sessionId) ?? { buyerId: '', title: '' };
      return sessionMessages(accessToken, { ...session, sessionId });
    },
    catalogue: async (shop, { limit }) => lazadaCatalogue(client, await token(shop), limit),
    orders: createLazadaOrders(client),
    runningVouchers: async (shop) => lazadaRunningVouchers(client, await token(shop)),
    async orderItemNames(shop, orderId) {
      // Lazada lists one item per unit bought: each name once.
      const items = await client.getOrderItems(await token(shop), orderId);
      return [...new Set(items.map((i) => i.name).filter(Boolean))];
    },
  };
}
