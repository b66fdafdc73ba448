import type { ShopVoucher } from '@balas/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ConversationRow, ShopRow } from '../../db/schema.ts';
import { messages, type TopicVoucher, topics, vouchersSent } from '../../db/schema.ts';
import type { Platforms } from '../../platforms/registry.ts';
import type { VouchersService } from './vouchers.service.ts';

/**
 * Vouchers the bot can offer: the shop's running vouchers on its platform, the topic that offers
 * one, and the record of every voucher sent (with the shopper's order when the chat names one).
 */
export function createVoucherOffers(
  ctx: AppContext,
  deps: { platforms: Platforms; vouchers: VouchersService },
) {
  const { db } = ctx.database;
  const { platforms } = deps;

  /** The shop's vouchers running now on its platform (a website shop has none). */
  const running = (shop: ShopRow): Promise<ShopVoucher[]> =>
    platforms.of(shop.provider).runningVouchers(shop);

  /** The voucher a topic offers, unless this conversation already received it. */
  async function offerFor(shop: ShopRow, conversation: ConversationRow, topicId: string) {
    const [topic] = await db
      .select({ voucher: topics.voucher })
      .from(topics)
      .where(and(eq(topics.id, topicId), eq(topics.shopId, shop.id)));
    const voucher = topic?.voucher;
    if (!voucher) return null;
    const [sent] = await db
      .select({ id: vouchersSent.id })
      .from(vouchersSent)
      .where(
        and(eq(vouchersSent.conversationId, conversation.id), eq(vouchersSent.voucherCode, voucher.code)),
      )
      .limit(1);
    return sent ? null : voucher;
  }

  /** The latest order the shopper shared in the chat (an order card), with its item names. */
  async function orderOf(shop: ShopRow, conversation: ConversationRow) {
    const orderRef = sql<string | null>`${messages.content}->>'orderId'`;
    const [row] = await db
      .select({ orderId: orderRef })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), sql`${orderRef} is not null`))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(1);
    const orderId = row?.orderId;
    if (!orderId || shop.provider === 'website') return { orderId: null, items: [] };
    try {
      return { orderId, items: await platforms.of(shop.provider).orderItemNames(shop, orderId) };
    } catch (error) {
      // The voucher was sent all the same: keep the order id, without item names.
      ctx.log.warn({ err: error, shopId: shop.id, orderId }, 'order items unavailable');
      return { orderId, items: [] };
    }
  }

  return {
    running,
    offerFor,

    /** Records a voucher the bot sent, for the merchant's voucher review. */
    async recordSent(shop: ShopRow, conversation: ConversationRow, voucher: TopicVoucher, response: string) {
      const order = await orderOf(shop, conversation);
      await deps.vouchers.record({
        shopId: shop.id,
        conversationId: conversation.id,
        username: conversation.customerName,
        orderId: order.orderId,
        items: order.items,
        voucherCode: voucher.code,
        response,
      });
    },
  };
}

export type VoucherOffers = ReturnType<typeof createVoucherOffers>;
