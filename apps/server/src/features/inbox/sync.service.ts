import type { LazadaMessage, ShopeeMessage } from '@balas/marketplaces';
import type { AppContext } from '../../context.ts';
import type { CatalogueSync } from '../products/catalogue-sync.ts';
import type { MarketplaceClients } from '../shops/connectors.ts';
import type { ShopRow } from '../shops/shop-guard.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import type { InboxService, IncomingMessage } from './inbox.service.ts';

const lazadaTypes: Record<number, string> = {
  1: '1',
  3: '3',
  4: '4',
  10006: '10006',
  10007: '10007',
  10008: '10008',
};

/** A Shopee message in our terms; the buyer is whoever is not the shop. */
export function fromShopee(
  shop: ShopRow,
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

/** A Lazada message in our terms: account type 1 is the buyer, 2 the seller. */
export function fromLazada(m: LazadaMessage, session: { buyerId: string; title: string }): IncomingMessage {
  let content: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(m.content);
    content = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : { txt: m.content };
  } catch {
    content = { raw: m.content };
  }
  return {
    conversation: { externalId: m.sessionId, customerId: session.buyerId, customerName: session.title },
    message: {
      externalId: m.messageId,
      sender: m.fromAccountType === 1 ? 'customer' : m.autoReply ? 'bot' : 'agent',
      type: lazadaTypes[m.templateId] ?? String(m.templateId),
      content,
      sentAt: new Date(m.sendTime),
    },
  };
}

/**
 * Imports what the platforms already hold: the catalogue, and recent conversations with their
 * latest messages. Safe to run again at any time (everything is upserted or deduplicated), which is
 * how missed pushes are caught up.
 */
export function createSyncService(
  ctx: AppContext,
  deps: { clients: MarketplaceClients; shops: ShopsService; inbox: InboxService; catalogue: CatalogueSync },
) {
  const { clients, shops, inbox, catalogue } = deps;

  /** Through the inbox's one way in; `answer` when the bot should decide on shopper messages. */
  const store = (shop: ShopRow, incoming: IncomingMessage, answer: boolean) =>
    inbox.receive(shop, incoming, { answer: answer ? 'queue' : 'none' });

  /** The catalogue is the products feature's: the same sync as its scheduled re-sync. */
  const syncCatalogue = (shop: ShopRow) => catalogue.syncShop(shop);

  async function syncConversations(shop: ShopRow, options: { conversations: number; answer: boolean }) {
    const { accessToken, externalId } = await shops.accessToken(shop);
    if (shop.provider === 'shopee') {
      const auth = { accessToken, shopId: externalId };
      const list = await clients.shopee.getConversationList(auth, {
        direction: 'older',
        type: 'all',
        pageSize: Math.min(options.conversations, 25),
      });
      for (const c of list.conversations) {
        const page = await clients.shopee.getMessages(auth, {
          conversationId: c.conversationId,
          pageSize: 25,
        });
        for (const m of page.messages.reverse()) {
          const shopSide = m.fromShopId === externalId || m.fromId === externalId;
          await store(
            shop,
            fromShopee(shop, m, shopSide ? { to: c.toName } : { from: c.toName }),
            options.answer,
          );
        }
      }
      return;
    }
    const list = await clients.lazada.listSessions(accessToken, {
      startTime: Date.now(),
      pageSize: Math.min(options.conversations, 20),
    });
    for (const s of list.sessions) {
      const page = await clients.lazada.listMessages(accessToken, {
        sessionId: s.sessionId,
        startTime: Date.now(),
        pageSize: 25,
      });
      for (const m of page.messages.reverse()) await store(shop, fromLazada(m, s), options.answer);
    }
  }

  return {
    store,
    syncCatalogue,
    syncConversations,
    /** One conversation's recent messages, as the platform has them (the bot answers none). */
    async syncConversation(shop: ShopRow, conversation: { externalId: string; customerName: string }) {
      if (shop.provider === 'lazada') return this.syncLazadaSession(shop, conversation.externalId, false);
      if (shop.provider !== 'shopee') return;
      const { accessToken, externalId } = await shops.accessToken(shop);
      const page = await clients.shopee.getMessages(
        { accessToken, shopId: externalId },
        { conversationId: conversation.externalId, pageSize: 25 },
      );
      for (const m of page.messages.reverse()) {
        const shopSide = m.fromShopId === externalId || m.fromId === externalId;
        const names = shopSide ? { to: conversation.customerName } : { from: conversation.customerName };
        await store(shop, fromShopee(shop, m, names), false);
      }
    },
    /** One Lazada session after a push (message type 19 carries no message body). */
    async syncLazadaSession(shop: ShopRow, sessionId: string, answer = true) {
      const { accessToken } = await shops.accessToken(shop);
      const sessions = await clients.lazada.listSessions(accessToken, {
        startTime: Date.now(),
        pageSize: 50,
      });
      const session = sessions.sessions.find((s) => s.sessionId === sessionId) ?? { buyerId: '', title: '' };
      const page = await clients.lazada.listMessages(accessToken, {
        sessionId,
        startTime: Date.now(),
        pageSize: 20,
      });
      for (const m of page.messages.reverse()) await store(shop, fromLazada(m, session), answer);
    },
    async firstSync(shop: ShopRow) {
      await syncCatalogue(shop);
      await syncConversations(shop, { conversations: 25, answer: false });
      ctx.log.info({ shopId: shop.id }, 'first sync done');
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
