import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../../db/schema.ts';
import { conversations, shops } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    shop: ShopRow;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

// Every shop-scoped request runs this lookup: it is built and prepared once per database.
const ownedShopQueries = new WeakMap<Db, ReturnType<typeof prepareOwnedShop>>();
const prepareOwnedShop = (db: Db) =>
  db
    .select()
    .from(shops)
    .where(and(eq(shops.id, sql.placeholder('shopId')), eq(shops.merchantId, sql.placeholder('merchantId'))))
    .prepare('owned_shop');

/** Loads a shop of this merchant or null. Everything shop-scoped goes through here. */
export async function findOwnedShop(db: Db, merchantId: string, shopId: string): Promise<ShopRow | null> {
  if (!isUuid(shopId)) return null;
  let query = ownedShopQueries.get(db);
  if (!query) {
    query = prepareOwnedShop(db);
    ownedShopQueries.set(db, query);
  }
  const [row] = await query.execute({ shopId, merchantId });
  return row ?? null;
}

/** Resolves a shop of a merchant, or null: the database itself, or the cache below. */
export interface ShopFinder {
  findOwned(merchantId: string, shopId: string): Promise<ShopRow | null>;
}

/** Shops found by the cache are reused this long; a deleted shop leaves other processes' caches within it. */
const SHOP_CACHE_MS = 10_000;
const SHOP_CACHE_SIZE = 10_000;

/**
 * Recently resolved shops, per process (decision 0007): the inbox reads resolve the same shop on
 * every request. A cached row may be up to SHOP_CACHE_MS old, so only routes that need nothing but
 * the shop's identity (id, owner, provider, platform id) use it; this process forgets a shop as soon
 * as it changes it. Only found shops are kept: another merchant's id always goes to the database.
 */
export function createShopCache(db: Db, ttlMs = SHOP_CACHE_MS) {
  const entries = new Map<string, { shop: ShopRow; until: number }>();
  return {
    async findOwned(merchantId: string, shopId: string): Promise<ShopRow | null> {
      const hit = entries.get(shopId);
      if (hit && hit.until > Date.now() && hit.shop.merchantId === merchantId) return hit.shop;
      const shop = await findOwnedShop(db, merchantId, shopId);
      if (shop) {
        if (entries.size >= SHOP_CACHE_SIZE) entries.clear();
        entries.set(shop.id, { shop, until: Date.now() + ttlMs });
      }
      return shop;
    },
    forget(shopId: string) {
      entries.delete(shopId);
    },
  };
}
export type ShopCache = ReturnType<typeof createShopCache>;

export type { ShopRow };

type Conversation = typeof conversations.$inferSelect;

/**
 * The one scoped accessor (issue 27.4): what a merchant owns, read by the merchant's id, so that no
 * route writes an ownership predicate of its own (routes may not import the database: biome.json).
 * Every lookup answers null for anything that is not the merchant's (another merchant's, a bad id,
 * none): the caller answers 404 with its own words, as the spec does.
 */
export interface Owned {
  /** A shop of the merchant, read fresh (tokens, settings). */
  shop(merchantId: string, shopId: string): Promise<ShopRow | null>;
  /** A shop of the merchant from recently resolved shops: for routes needing only its identity (decision 0007). */
  recentShop(merchantId: string, shopId: string): Promise<ShopRow | null>;
  /** A conversation (by its id) in one of the merchant's shops, with its shop. */
  conversation(
    merchantId: string,
    conversationId: string,
  ): Promise<{ conversation: Conversation; shop: ShopRow } | null>;
  /** This process forgets a shop it changed (the recent shops above). */
  forgetShop(shopId: string): void;
}

export function createOwned(db: Db, cache: ShopCache): Owned {
  return {
    shop: (merchantId, shopId) => findOwnedShop(db, merchantId, shopId),
    recentShop: (merchantId, shopId) => cache.findOwned(merchantId, shopId),
    async conversation(merchantId, conversationId) {
      if (!isUuid(conversationId)) return null;
      const [row] = await db
        .select({ conversation: conversations, shop: shops })
        .from(conversations)
        .innerJoin(shops, eq(shops.id, conversations.shopId))
        .where(and(eq(conversations.id, conversationId), eq(shops.merchantId, merchantId)));
      return row ?? null;
    },
    forgetShop: (shopId) => cache.forget(shopId),
  };
}

/**
 * The one ownership guard: a preHandler (the merchant is authenticated before it, by authGuard) that
 * resolves the shop named by a route parameter, or by the `shopId` query/body field, and answers 404
 * for anyone else's shop. Routes pass `owned.shop`, or `owned.recentShop` when they need only the
 * shop's identity.
 */
export function shopGuard(
  from: Owned['shop'] | Db | ShopFinder,
  source: { param?: string; query?: string; body?: string },
) {
  const find: ShopFinder['findOwned'] =
    typeof from === 'function'
      ? from
      : 'findOwned' in from
        ? (merchantId, shopId) => from.findOwned(merchantId, shopId)
        : (merchantId, shopId) => findOwnedShop(from, merchantId, shopId);
  return async (request: FastifyRequest) => {
    const params = request.params as Record<string, string | undefined>;
    const query = request.query as Record<string, unknown> | undefined;
    const body = request.body as Record<string, unknown> | undefined;
    const raw =
      (source.param && params[source.param]) ??
      (source.query && query?.[source.query]) ??
      (source.body && body?.[source.body]);
    const shopId = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
    const shop = await find(request.merchantId, shopId);
    if (!shop) throw notFound('Shop not found');
    request.shop = shop;
  };
}
