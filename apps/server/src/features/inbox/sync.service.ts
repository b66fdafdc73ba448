import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import type { IncomingMessage } from '../../platforms/platform.ts';
import type { Platforms } from '../../platforms/registry.ts';
import type { CatalogueSync } from '../products/catalogue-sync.ts';
import type { InboxService } from './inbox.service.ts';

/** Whether the bot decides on shopper messages stored: all new ones, none, or those sent since then. */
type Answer = boolean | Date;
/** Platform times are whole seconds and clocks differ: "since the shop connected" allows a minute. */
const CLOCK_SKEW_MS = 60_000;

/**
 * Imports what the platforms already hold: the catalogue, and recent conversations with their
 * latest messages. Safe to run again at any time (everything is upserted or deduplicated), which is
 * how missed pushes are caught up.
 */
export function createSyncService(
  ctx: AppContext,
  deps: { platforms: Platforms; inbox: InboxService; catalogue: CatalogueSync },
) {
  const { platforms, inbox, catalogue } = deps;

  /**
   * Through the inbox's one way in. `answer`: whether the bot decides on new shopper messages;
   * a time: on those sent since then only (what came before is history the bot leaves alone).
   */
  const store = (shop: ShopRow, incoming: IncomingMessage, answer: Answer) => {
    const due = answer instanceof Date ? incoming.message.sentAt >= answer : answer;
    return inbox.receive(shop, incoming, { answer: due ? 'queue' : 'none' });
  };
  const storeAll = async (shop: ShopRow, incoming: IncomingMessage[], answer: Answer) => {
    for (const one of incoming) await store(shop, one, answer);
  };

  /** The catalogue is the products feature's: the same sync as its scheduled re-sync. */
  const syncCatalogue = (shop: ShopRow) => catalogue.syncShop(shop);

  async function syncConversations(shop: ShopRow, options: { conversations: number; answer: Answer }) {
    const platform = platforms.of(shop.provider);
    await storeAll(shop, await platform.recentMessages(shop, options), options.answer);
  }

  /** One conversation's latest messages as the platform has them (after a push that carries none). */
  async function syncConversation(
    shop: ShopRow,
    conversationExternalId: string,
    options: { answer: Answer },
  ) {
    const platform = platforms.of(shop.provider);
    await storeAll(shop, await platform.conversationMessages(shop, conversationExternalId), options.answer);
  }

  return {
    store,
    syncCatalogue,
    syncConversations,
    syncConversation,
    /**
     * A shop just connected: its catalogue and recent chats. Shopper messages sent since it was
     * connected are answered, even when this import stores them before their pushes do (a
     * restart retries this job while the shop's pushes already arrive).
     */
    async firstSync(shop: ShopRow, authorizedAt?: Date) {
      await syncCatalogue(shop);
      const answer = authorizedAt ? new Date(authorizedAt.getTime() - CLOCK_SKEW_MS) : false;
      await syncConversations(shop, { conversations: 25, answer });
      ctx.log.info({ shopId: shop.id }, 'first sync done');
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
