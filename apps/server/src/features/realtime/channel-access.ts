import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations, shops } from '../../db/schema.ts';

const conversationChannel = /^shopee-push-conversation\.([0-9a-f-]{36})$/;
const messageChannel = /^shopee-push-message\.(.{1,200})$/;

/** The spec's private-channel authorization: a merchant joins only channels of its own shops. */
export function createChannelAccess(db: Db) {
  return async (merchantId: string, channel: string): Promise<boolean> => {
    const shopId = conversationChannel.exec(channel)?.[1];
    if (shopId) {
      const rows = await db
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.id, shopId), eq(shops.merchantId, merchantId)));
      return rows.length > 0;
    }
    const conversation = messageChannel.exec(channel)?.[1];
    if (conversation) {
      const rows = await db
        .select({ id: conversations.id })
        .from(conversations)
        .innerJoin(shops, eq(shops.id, conversations.shopId))
        .where(and(eq(conversations.externalId, conversation), eq(shops.merchantId, merchantId)))
        .limit(1);
      return rows.length > 0;
    }
    return false;
  };
}
