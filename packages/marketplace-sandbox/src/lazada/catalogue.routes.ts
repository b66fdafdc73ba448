import type { FastifyInstance } from 'fastify';
import type { Product, Shop } from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { dateParam, intParam, invalid, type LazadaCall, lazadaRoute, required } from './lazada-call.ts';
import { lazadaProduct, lazadaVoucher, lazadaVoucherStatus, lazadaVoucherType } from './wire.ts';

const FILTERS: Record<string, (p: Product) => boolean> = {
  all: () => true,
  live: (p) => p.status === 'NORMAL',
  inactive: (p) => p.status === 'UNLIST',
  'sold-out': (p) => p.status === 'NORMAL' && p.stock === 0,
  deleted: () => false,
  'image-missing': () => false,
  pending: () => false,
  rejected: () => false,
};

export function lazadaCatalogueRoutes(app: FastifyInstance, state: SandboxState) {
  const route = (path: `/rest/${string}`, handler: (call: LazadaCall, shop: Shop) => unknown) =>
    lazadaRoute(app, state, {
      path,
      needsToken: true,
      handler: (call) => ({ data: handler(call, call.shop!) }),
    });

  route('/rest/products/get', ({ params }, shop) => {
    const filter = params.filter || 'all';
    const keep = FILTERS[filter];
    if (!keep) throw invalid(`filter must be one of ${Object.keys(FILTERS).join(', ')}`);
    const offset = intParam(params, 'offset', 0, 0, 100_000);
    const limit = intParam(params, 'limit', 10, 1, 50);
    const bounds = {
      updateAfter: dateParam(params, 'update_after'),
      updateBefore: dateParam(params, 'update_before'),
      createAfter: dateParam(params, 'create_after'),
      createBefore: dateParam(params, 'create_before'),
    };
    let skus: string[] | undefined;
    if (params.sku_seller_list) {
      try {
        skus = (JSON.parse(params.sku_seller_list) as unknown[]).map(String);
      } catch {
        throw invalid('sku_seller_list must be a JSON array');
      }
    }
    const all = shop.products.filter(
      (p) =>
        keep(p) &&
        (bounds.updateAfter === undefined || p.updatedAt > bounds.updateAfter) &&
        (bounds.updateBefore === undefined || p.updatedAt < bounds.updateBefore) &&
        (bounds.createAfter === undefined || p.createdAt > bounds.createAfter) &&
        (bounds.createBefore === undefined || p.createdAt < bounds.createBefore) &&
        (!skus || skus.includes(p.sku) || p.models.some((m) => skus.includes(m.sku))),
    );
    return {
      total_products: all.length,
      products: all.slice(offset, offset + limit).map((p) => lazadaProduct(state, p)),
    };
  });

  route('/rest/product/item/get', ({ params }, shop) => {
    if (!params.item_id && !params.seller_sku) throw invalid('give item_id or seller_sku');
    const product = shop.products.find((p) =>
      params.item_id
        ? p.id === params.item_id
        : p.sku === params.seller_sku || p.models.some((m) => m.sku === params.seller_sku),
    );
    if (!product) throw invalid('The product does not exist');
    return lazadaProduct(state, product);
  });

  route('/rest/promotion/vouchers/get', ({ params }, shop) => {
    const type = required(params, 'voucher_type');
    if (type !== 'COLLECTIBLE_VOUCHER' && type !== 'REGULAR_VOUCHER')
      throw invalid('voucher_type must be COLLECTIBLE_VOUCHER or REGULAR_VOUCHER');
    const page = intParam(params, 'cur_page', 1, 1, 10_000);
    const size = intParam(params, 'page_size', 10, 1, 100);
    const now = state.now();
    const all = shop.vouchers.filter(
      (v) =>
        lazadaVoucherType(v) === type &&
        (!params.status || lazadaVoucherStatus(v, now) === params.status) &&
        (!params.name || v.name.toLowerCase().includes(params.name.toLowerCase())),
    );
    return {
      current: page,
      page_size: size,
      total: all.length,
      data_list: all.slice((page - 1) * size, page * size).map((v) => lazadaVoucher(v, now)),
    };
  });
}
