import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { conversations, shops } from '../../../db/schema.ts';
import type { Platforms } from '../../../platforms/registry.ts';

/**
 * Tells the platform that the merchant read a conversation, so the seller centre and the shopper's
 * app agree with the dashboard. A job: the merchant never waits on the platform for it.
 */
export function createPlatformRead(ctx: AppContext, deps: { platforms: Platforms }) {
  const { db } = ctx.database;

  async function readOnPlatform(conversationId: string) {
    const [row] = await db
      .select({ conversation: conversations, shop: shops })
      .from(conversations)
      .innerJoin(shops, eq(shops.id, conversations.shopId))
      .where(eq(conversations.id, conversationId));
    if (!row) return;
    await deps.platforms.of(row.shop.provider).markRead(row.shop, row.conversation);
  }

  return { readOnPlatform };
}

export type PlatformRead = ReturnType<typeof createPlatformRead>;
