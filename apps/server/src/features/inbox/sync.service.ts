import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import type { IncomingMessage } from '../../platforms/platform.ts';
import type { Platforms } from '../../platforms/registry.ts';
import type { CatalogueSync } from '../products/catalogue-sync.ts';
import type { InboxService } from './inbox.service.ts';

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

  /** Through the inbox's one way in; `answer` when the bot should decide on shopper messages. */
  const store = (shop: ShopRow, incoming: IncomingMessage, answer: boolean) =>
    inbox.receive(shop, incoming, { answer: answer ? 'queue' : 'none' });
  const storeAll = async (shop: ShopRow, incoming: IncomingMessage[], answer: boolean) => {
    for (const one of incoming) await store(shop, one, answer);
  };

  /** The catalogue is the products feature's: the same sync as its scheduled re-sync. */
  const syncCatalogue = (shop: ShopRow) => catalogue.syncShop(shop);

  async function syncConversations(shop: ShopRow, options: { conversations: number; answer: boolean }) {
    const platform = platforms.of(shop.provider);
    await storeAll(shop, await platform.recentMessages(shop, options), options.answer);
  }

  /** One conversation's latest messages as the platform has them (after a push that carries none). */
  async function syncConversation(
    shop: ShopRow,
    conversationExternalId: string,
    options: { answer: boolean },
  ) {
    const platform = platforms.of(shop.provider);
    await storeAll(shop, await platform.conversationMessages(shop, conversationExternalId), options.answer);
  }

  return {
    store,
    syncCatalogue,
    syncConversations,
    syncConversation,
    async firstSync(shop: ShopRow) {
      await syncCatalogue(shop);
      await syncConversations(shop, { conversations: 25, answer: false });
      ctx.log.info({ shopId: shop.id }, 'first sync done');
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
