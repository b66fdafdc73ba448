import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { shops } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

export type ShopRow = typeof shops.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    shop: ShopRow;
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

/** Loads a shop of this merchant or null. Everything shop-scoped goes through here. */
export async function findOwnedShop(db: Db, merchantId: string, shopId: string): Promise<ShopRow | null> {
  if (!isUuid(shopId)) return null;
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.merchantId, merchantId)));
  return row ?? null;
}

/**
 * The one ownership guard: a preHandler (after requireMerchant) that resolves the shop named by a
 * route parameter, or by the `shopId` query/body field, and answers 404 for anyone else's shop.
 */
export function shopGuard(db: Db, source: { param?: string; query?: string; body?: string }) {
  return async (request: FastifyRequest) => {
    const params = request.params as Record<string, string | undefined>;
    const query = request.query as Record<string, unknown> | undefined;
    const body = request.body as Record<string, unknown> | undefined;
    const raw =
      (source.param && params[source.param]) ??
      (source.query && query?.[source.query]) ??
      (source.body && body?.[source.body]);
    const shopId = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
    const shop = await findOwnedShop(db, request.merchantId, shopId);
    if (!shop) throw notFound('Shop not found');
    request.shop = shop;
  };
}
