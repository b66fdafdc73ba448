import {
  channelOf,
  type LookupProblem,
  limits,
  type OrderLookup,
  type OrderView,
  orderSnPattern,
  type ProductCard,
  type ProductLookup,
  type RecentOrdersLookup,
  serverMessages,
} from '@balas/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import { products } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { OrderPlatform, PlatformAccess, RecentOrder } from '../../platforms/orders.ts';
import type { Platforms } from '../../platforms/registry.ts';
import type { ConversationRow } from '../inbox/inbox.serialize.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import { createLookupCache } from './lookup-cache.ts';

/** A shopper-facing lookup: the buyer's own order in this shop, or nothing said about it. */
export type ShopperOrderResult =
  | { kind: 'found'; order: OrderView }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; problem: LookupProblem };

/** What is cached per order: null when the platform does not know it in this shop. */
interface CachedOrder {
  order: OrderView | null;
  complete: boolean;
}

/**
 * Orders and products of a shop as the platform has them now (cached `limits.lookupCacheSeconds`
 * across processes), for the dashboard's cards and shopper panel and for the bot.
 */
export function createOrdersService(
  ctx: AppContext,
  deps: { platforms: Platforms; shops: ShopsService; now?: () => number },
) {
  const now = deps.now ?? Date.now;
  const cache = createLookupCache(ctx.database.db, limits.lookupCacheSeconds * 1000, now);

  const problem = (
    reason: LookupProblem['reason'],
    message: string,
    retryAfterSeconds: number | null = null,
  ) => ({
    reason,
    message,
    retryAfterSeconds,
  });

  /** Why a lookup failed, in words the dashboard shows beside a retry. */
  function failure(shop: ShopRow, error: unknown, what: string): LookupProblem {
    if (error instanceof AppError && error.code === 'unprocessable')
      return problem('not_connected', serverMessages.orders.notConnected);
    ctx.log.warn({ err: error, shopId: shop.id, what }, 'platform lookup failed');
    const name = channelOf(shop.provider).marketplace ? channelOf(shop.provider).name : 'the platform';
    return problem('platform', serverMessages.orders.unavailable(name), 5);
  }

  async function access(shop: ShopRow): Promise<PlatformAccess> {
    const { accessToken, externalId } = await deps.shops.accessToken(shop);
    return { accessToken, externalId, region: shop.region };
  }

  /** The shop's platform's order calls (a marketplace always has them). */
  const ordersOf = (shop: ShopRow): OrderPlatform => {
    const orders = deps.platforms.of(shop.provider).orders;
    if (!orders) throw new Error(`${shop.provider} has no order calls`);
    return orders;
  };

  /** A shop whose platform has orders of its own (not the website). */
  const isMarketplace = (shop: ShopRow) => deps.platforms.of(shop.provider).orders !== null;

  /** The order from the cache or the platform; throws when the platform cannot be reached. */
  const loadOrder = (shop: ShopRow, orderSn: string) =>
    cache.get<CachedOrder>(
      shop.id,
      `order:${orderSn}`,
      async () => {
        const found = await ordersOf(shop).order(await access(shop), orderSn, now());
        return { order: found?.order ?? null, complete: found?.complete ?? true };
      },
      // An order whose parcel could not be read is shown as it is, and read again next time.
      (value) => value.complete,
    );

  async function lookup(shop: ShopRow, orderSn: string, buyerId: string | null): Promise<OrderLookup> {
    const answer = (
      result: OrderLookup['result'],
      order: OrderView | null,
      p: LookupProblem | null = null,
    ) => ({
      result,
      orderSn,
      order,
      problem: p,
    });
    if (!isMarketplace(shop))
      return answer(
        'unavailable',
        null,
        problem('no_platform_orders', serverMessages.orders.noPlatformOrders),
      );
    if (!orderSnPattern.test(orderSn)) return answer('not_found', null);
    try {
      const { order } = await loadOrder(shop, orderSn);
      // Another buyer's order is answered exactly like an unknown number.
      if (!order || (buyerId !== null && order.buyer.id !== buyerId)) return answer('not_found', null);
      return answer('found', order);
    } catch (error) {
      return answer('unavailable', null, failure(shop, error, `order ${orderSn}`));
    }
  }

  /** The shop's recent orders with their buyers, shared by every conversation's panel. */
  async function recentOrders(shop: ShopRow): Promise<RecentOrder[]> {
    return cache.get(shop.id, 'recent-orders', async () =>
      ordersOf(shop).recentOrders(await access(shop), now()),
    );
  }

  return {
    /** An order card for the merchant: any order of the shop. */
    card: (shop: ShopRow, orderSn: string) => lookup(shop, orderSn, null),

    /**
     * For the bot: the order only when it is this conversation's buyer's order in this shop;
     * rate-limited per conversation. Never says whether a number exists for someone else.
     */
    async forShopper(
      shop: ShopRow,
      conversation: ConversationRow,
      orderSn: string,
    ): Promise<ShopperOrderResult> {
      if (!isMarketplace(shop))
        return {
          kind: 'unavailable',
          problem: problem('no_platform_orders', serverMessages.orders.noPlatformOrders),
        };
      const { max, windowMs } = limits.botOrderLookups;
      const wait = await ctx.rateLimiter.hit(`order-lookup:${conversation.id}`, max, windowMs);
      if (wait > 0)
        return {
          kind: 'unavailable',
          problem: problem('rate_limited', serverMessages.orders.rateLimited, wait),
        };
      const found = await lookup(shop, orderSn.trim().toUpperCase(), conversation.customerId);
      if (found.result === 'found' && found.order) return { kind: 'found', order: found.order };
      if (found.result === 'not_found') return { kind: 'not_found' };
      return { kind: 'unavailable', problem: found.problem! };
    },

    /** The conversation's buyer's orders in this shop, newest first (the shopper panel). */
    async recentForConversation(shop: ShopRow, conversation: ConversationRow): Promise<RecentOrdersLookup> {
      if (!isMarketplace(shop))
        return {
          result: 'unavailable',
          orders: [],
          problem: problem('no_platform_orders', serverMessages.orders.noPlatformOrders),
        };
      try {
        const all = await recentOrders(shop);
        const buyer = conversation.customerId;
        const orders = all
          .filter((o) => buyer !== '' && o.buyerId === buyer)
          .slice(0, limits.recentOrdersShown)
          .map(({ buyerId: _, ...summary }) => summary);
        return { result: 'found', orders, problem: null };
      } catch (error) {
        return { result: 'unavailable', orders: [], problem: failure(shop, error, 'recent orders') };
      }
    },

    /** A product card from our synced catalogue, else from the platform (cached). */
    async product(shop: ShopRow, productId: string): Promise<ProductLookup> {
      const answer = (
        result: ProductLookup['result'],
        product: ProductCard | null,
        p: LookupProblem | null = null,
      ) => ({
        result,
        productId,
        product,
        problem: p,
      });
      const [row] = await ctx.database.db
        .select()
        .from(products)
        .where(and(eq(products.shopId, shop.id), eq(products.externalId, productId)));
      if (row)
        return answer('found', {
          productId: row.externalId,
          name: row.name,
          image: row.images[0] ?? null,
          images: row.images,
          price: row.price,
          currency: row.currency,
          stock: row.stock,
          variations: row.variations.map((v) => ({
            id: v.id,
            name: v.name,
            price: v.price === null ? null : v.price.toFixed(2),
            stock: v.stock,
          })),
        });
      if (!isMarketplace(shop) || !/^\d{1,20}$/.test(productId)) return answer('not_found', null);
      try {
        const { product } = await cache.get(shop.id, `product:${productId}`, async () => ({
          product: await ordersOf(shop).product(await access(shop), productId),
        }));
        return product ? answer('found', product) : answer('not_found', null);
      } catch (error) {
        return answer('unavailable', null, failure(shop, error, `product ${productId}`));
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
