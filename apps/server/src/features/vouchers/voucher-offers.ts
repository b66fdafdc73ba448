import type { ShopVoucher } from '@balas/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { messages, type TopicVoucher, topics, vouchersSent } from '../../db/schema.ts';
import type { MarketplaceClients } from '../../platforms/registry.ts';
import type { ConversationRow } from '../inbox/inbox.serialize.ts';
import type { ShopRow } from '../shops/shop-guard.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import type { VouchersService } from './vouchers.service.ts';

const money = (amount: number) => `RM${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** "RM5 off", "10% off (max RM20)", "min. spend RM50" — how a merchant recognises a voucher. */
function describeDiscount(v: {
  amountOff: number | null;
  percentOff: number | null;
  minimumSpend: number | null;
}): string {
  const off = v.amountOff ? `${money(v.amountOff)} off` : v.percentOff ? `${v.percentOff}% off` : 'Discount';
  return v.minimumSpend ? `${off}, min. spend ${money(v.minimumSpend)}` : off;
}

/**
 * Vouchers the bot can offer: the shop's running vouchers on its platform, the topic that offers
 * one, and the record of every voucher sent (with the shopper's order when the chat names one).
 */
export function createVoucherOffers(
  ctx: AppContext,
  deps: { clients: MarketplaceClients; shops: ShopsService; vouchers: VouchersService },
) {
  const { db } = ctx.database;
  const { clients, shops } = deps;

  /** The shop's vouchers running now on its platform (a website shop has none). */
  async function running(shop: ShopRow): Promise<ShopVoucher[]> {
    if (shop.provider === 'website') return [];
    const { accessToken, externalId } = await shops.accessToken(shop);
    if (shop.provider === 'shopee') {
      const found: ShopVoucher[] = [];
      for (let pageNo = 1; pageNo <= 5; pageNo++) {
        const page = await clients.shopee.getVoucherList(
          { accessToken, shopId: externalId },
          { status: 'ongoing', pageNo, pageSize: 100 },
        );
        for (const v of page.vouchers) {
          found.push({
            id: v.voucherId,
            code: v.code,
            name: v.name,
            discount: describeDiscount({
              amountOff: v.rewardType === 1 ? v.discountAmount : null,
              percentOff: v.rewardType === 1 ? null : v.percentage,
              minimumSpend: v.minBasketPrice,
            }),
            endsAt: new Date(v.endTime * 1000).toISOString(),
          });
        }
        if (!page.more) break;
      }
      return found;
    }
    const found: ShopVoucher[] = [];
    for (const voucherType of ['COLLECTIBLE_VOUCHER', 'REGULAR_VOUCHER']) {
      const { vouchers } = await clients.lazada.getVouchers(accessToken, {
        voucherType,
        curPage: 1,
        pageSize: 100,
      });
      for (const v of vouchers.filter((x) => x.status === 'ONGOING')) {
        found.push({
          id: v.voucherId,
          code: v.code,
          name: v.name,
          discount: describeDiscount({
            amountOff: v.moneyOff,
            percentOff: v.percentageOff,
            minimumSpend: v.minimumSpend,
          }),
          endsAt: new Date(v.endTime).toISOString(),
        });
      }
    }
    return found;
  }

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
    const orderRef = sql<
      string | null
    >`coalesce(${messages.content}->>'order_sn', ${messages.content}->>'orderId', ${messages.content}->>'order_id')`;
    const [row] = await db
      .select({ orderId: orderRef })
      .from(messages)
      .where(and(eq(messages.conversationId, conversation.id), sql`${orderRef} is not null`))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(1);
    const orderId = row?.orderId;
    if (!orderId || shop.provider === 'website') return { orderId: null, items: [] };
    try {
      const { accessToken, externalId } = await shops.accessToken(shop);
      const items =
        shop.provider === 'shopee'
          ? ((await clients.shopee.getOrderDetail({ accessToken, shopId: externalId }, [orderId]))[0]
              ?.items ?? [])
          : await clients.lazada.getOrderItems(accessToken, orderId);
      // Lazada lists one item per unit bought: each name once.
      return { orderId, items: [...new Set(items.map((i) => i.name).filter(Boolean))] };
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
