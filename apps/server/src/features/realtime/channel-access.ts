import { parseChannel } from '@balas/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversations } from '../../db/schema.ts';
import type { Owned } from '../shops/shop-guard.ts';

/**
 * The private-channel authorization: a merchant joins only its own room, its own shops' lists and
 * conversations of its own shops, each checked by (shop, conversation) so that the same platform
 * id in another merchant's shop never grants anything (issue 13.6). The shop is the merchant's by
 * the one scoped accessor (read fresh, not from the recent shops).
 */
export function createChannelAccess(db: Db, owned: Pick<Owned, 'shop'>) {
  return async (merchantId: string, channel: string): Promise<boolean> => {
    const parsed = parseChannel(channel);
    if (!parsed) return false;
    if (parsed.kind === 'merchant') return parsed.merchantId === merchantId;
    const shop = await owned.shop(merchantId, parsed.shopId);
    if (!shop) return false;
    if (parsed.kind === 'shop') return true;
    const rows = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.shopId, shop.id), eq(conversations.externalId, parsed.conversationExternalId)),
      )
      .limit(1);
    return rows.length > 0;
  };
}
