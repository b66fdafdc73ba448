import { parseChannel } from '@balas/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, shops } from '../../db/schema.ts';

/**
 * The private-channel authorization: a merchant joins only its own room, its own shops' lists and
 * conversations of its own shops, each checked by (shop, conversation) so that the same platform
 * id in another merchant's shop never grants anything (issue 13.6).
 */
export function createChannelAccess(db: Db) {
  return async (merchantId: string, channel: string): Promise<boolean> => {
    const parsed = parseChannel(channel);
    if (!parsed) return false;
    if (parsed.kind === 'merchant') return parsed.merchantId === merchantId;
    if (parsed.kind === 'shop') {
      const rows = await db
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.id, parsed.shopId), eq(shops.merchantId, merchantId)));
      return rows.length > 0;
    }
    const rows = await db
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(shops, eq(shops.id, conversations.shopId))
      .where(
        and(
          eq(conversations.shopId, parsed.shopId),
          eq(conversations.externalId, parsed.conversationExternalId),
          eq(shops.merchantId, merchantId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  };
}
