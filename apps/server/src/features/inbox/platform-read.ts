import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conversations, shops } from '../../db/schema.ts';
import type { MarketplaceClients } from '../shops/connectors.ts';
import type { ShopsService } from '../shops/shops.service.ts';

/**
 * Tells the platform that the merchant read a conversation, so the seller centre and the shopper's
 * app agree with the dashboard. A job: the merchant never waits on the platform for it.
 */
export function createPlatformRead(
  ctx: AppContext,
  deps: { clients: MarketplaceClients; shops: ShopsService },
) {
  const { db } = ctx.database;

  async function readOnPlatform(conversationId: string) {
    const [row] = await db
      .select({ conversation: conversations, shop: shops })
      .from(conversations)
      .innerJoin(shops, eq(shops.id, conversations.shopId))
      .where(and(eq(conversations.id, conversationId)));
    if (!row || row.shop.provider === 'website' || !row.conversation.lastMessageExternalId) return;
    const { shop, conversation } = row;
    const { accessToken, externalId } = await deps.shops.accessToken(shop);
    const lastReadMessageId = row.conversation.lastMessageExternalId;
    if (shop.provider === 'shopee') {
      await deps.clients.shopee.readConversation(
        { accessToken, shopId: externalId },
        { conversationId: conversation.externalId, lastReadMessageId },
      );
    } else {
      await deps.clients.lazada.readSession(accessToken, {
        sessionId: conversation.externalId,
        lastReadMessageId,
      });
    }
  }

  return { readOnPlatform };
}

export type PlatformRead = ReturnType<typeof createPlatformRead>;
