import type { FastifyInstance } from 'fastify';
import { absoluteUrl, findProduct } from '../data/lookup.ts';
import type { Model, Product, Shop, Voucher } from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { first, intParam, list, notFound, paramError, type ShopeeCall, shopeeRoute } from './shopee-call.ts';

const ITEM_STATUSES = ['NORMAL', 'BANNED', 'UNLIST', 'REVIEWING', 'SELLER_DELETE', 'SHOPEE_DELETE'];
const sec = (ms: number) => Math.floor(ms / 1000);

const priceInfo = (price: number, original: number) => [
  {
    currency: 'MYR',
    original_price: original,
    current_price: price,
    inflated_price_of_original_price: original,
    inflated_price_of_current_price: price,
  },
];

const stockInfo = (stock: number) => ({
  summary_info: { total_reserved_stock: 0, total_available_stock: stock },
  seller_stock: [{ location_id: 'MYZ', stock }],
});

function itemBaseInfo(state: SandboxState, p: Product) {
  const hasModel = p.models.length > 0;
  return {
    item_id: Number(p.id),
    category_id: p.categoryId,
    item_name: p.name,
    description: p.description,
    description_type: 'normal',
    item_sku: p.sku,
    create_time: sec(p.createdAt),
    update_time: sec(p.updatedAt),
    attribute_list: [],
    // Shopee leaves out price_info when the item has models: prices come from get_model_list.
    ...(hasModel ? {} : { price_info: priceInfo(p.price, p.originalPrice) }),
    image: {
      image_url_list: p.images.map((path) => absoluteUrl(state.config.publicUrl, path)),
      image_id_list: p.images.map((_, i) => `sg-11134201-${p.id}-${i}`),
    },
    weight: p.weightKg.toFixed(2),
    dimension: { package_length: 30, package_width: 20, package_height: 10 },
    logistic_info: [
      {
        logistic_id: 20_007,
        logistic_name: 'J&T Express',
        enabled: true,
        is_free: false,
        estimated_shipping_fee: 4.9,
      },
    ],
    pre_order: { is_pre_order: false, days_to_ship: 2 },
    condition: 'NEW',
    item_status: p.status,
    has_model: hasModel,
    promotion_id: 0,
    brand: { brand_id: 0, original_brand_name: p.brand },
    item_dangerous: 0,
    stock_info_v2: stockInfo(p.stock),
  };
}

function modelList(state: SandboxState, p: Product) {
  const optionImage = (tier: number, option: number) =>
    tier === 0
      ? {
          image_id: `sg-11134201-${p.id}-o${option}`,
          image_url: absoluteUrl(state.config.publicUrl, `assets/products/${p.id}-${10 + option}.svg`),
        }
      : undefined;
  return {
    tier_variation: p.variations.map((v, tier) => ({
      name: v.name,
      option_list: v.options.map((option, i) => ({ option, image: optionImage(tier, i) })),
    })),
    model: p.models.map((m: Model) => ({
      model_id: Number(m.id),
      tier_index: m.tierIndex,
      model_sku: m.sku,
      model_status: 'MODEL_NORMAL',
      price_info: priceInfo(m.price, Math.round(m.price * (p.originalPrice / p.price) * 100) / 100),
      stock_info_v2: stockInfo(m.stock),
      pre_order: { is_pre_order: false, days_to_ship: 2 },
      has_promotion: false,
    })),
  };
}

function voucherStatus(v: Voucher, nowSec: number) {
  return nowSec < v.startTime ? 'upcoming' : nowSec > v.endTime ? 'expired' : 'ongoing';
}

function voucherInfo(v: Voucher) {
  return {
    voucher_id: Number(v.id),
    voucher_code: v.code,
    voucher_name: v.name,
    voucher_type: 1,
    reward_type: v.rewardType === 'fixed' ? 1 : 2,
    usage_quantity: v.usageQuantity,
    current_usage: v.currentUsage,
    start_time: v.startTime,
    end_time: v.endTime,
    is_admin: false,
    voucher_purpose: 0,
    ...(v.rewardType === 'fixed'
      ? { discount_amount: v.discountAmount }
      : { percentage: v.percentage, max_price: v.maxPrice }),
    min_basket_price: v.minBasketPrice,
    target_voucher: 0,
    display_start_time: v.startTime,
  };
}

/** get_shop_info, the product calls and the voucher list (orders: orders.routes.ts). */
export function shopeeCatalogueRoutes(app: FastifyInstance, state: SandboxState) {
  const route = (path: `/api/v2/${string}`, handler: (call: ShopeeCall, shop: Shop) => unknown) =>
    shopeeRoute(app, state, {
      method: 'GET',
      path,
      level: 'shop',
      handler: (call) => ({ response: handler(call, call.shop!) }),
    });

  // One of the calls that answer at the top level rather than under `response`.
  shopeeRoute(app, state, {
    method: 'GET',
    path: '/api/v2/shop/get_shop_info',
    level: 'shop',
    handler: ({ shop }) => {
      const auth = state.data.shopee.authorizations[shop!.id];
      return {
        top: {
          shop_name: shop!.name,
          region: shop!.region,
          status: 'NORMAL',
          is_cb: false,
          is_sip: false,
          is_upgraded_cbsc: false,
          merchant_id: null,
          shop_fulfillment_flag: 'Others',
          is_main_shop: false,
          is_direct_shop: false,
          linked_main_shop_id: 0,
          linked_direct_shop_list: [],
          auth_time: auth ? sec(auth.authorizedAt) : 0,
          expire_time: auth ? sec(auth.expiresAt) : 0,
        },
      };
    },
  });

  route('/api/v2/product/get_item_list', ({ query }, shop) => {
    if (first(query, 'offset') === undefined) throw paramError('offset is required');
    if (first(query, 'page_size') === undefined) throw paramError('page_size is required');
    const offset = intParam(first(query, 'offset'), 'offset', 0, 0, 1_000_000);
    const size = intParam(first(query, 'page_size'), 'page_size', 10, 1, 100);
    const statuses = list(query, 'item_status');
    if (statuses.length === 0) throw paramError('item_status is required');
    if (statuses.some((s) => !ITEM_STATUSES.includes(s))) throw paramError('item_status is invalid');
    const from = Number(first(query, 'update_time_from') ?? 0);
    const to = Number(first(query, 'update_time_to') ?? Number.MAX_SAFE_INTEGER);
    const all = shop.products.filter(
      (p) => statuses.includes(p.status) && sec(p.updatedAt) >= from && sec(p.updatedAt) <= to,
    );
    const page = all.slice(offset, offset + size);
    return {
      item: page.map((p) => ({
        item_id: Number(p.id),
        item_status: p.status,
        update_time: sec(p.updatedAt),
        tag: { kit: false },
      })),
      total_count: all.length,
      has_next_page: offset + page.length < all.length,
      next_offset: offset + page.length,
    };
  });

  route('/api/v2/product/get_item_base_info', ({ query }, shop) => {
    const ids = list(query, 'item_id_list');
    if (ids.length === 0) throw paramError('item_id_list is required');
    if (ids.length > 50) throw paramError('item_id_list should hold at most 50 ids');
    if (ids.some((id) => !/^\d+$/.test(id))) throw paramError('item_id_list is invalid');
    const found = ids.map((id) => findProduct(shop, id)).filter((p): p is Product => p !== undefined);
    return { item_list: found.map((p) => itemBaseInfo(state, p)) };
  });

  route('/api/v2/product/get_model_list', ({ query }, shop) => {
    const id = first(query, 'item_id');
    if (!id) throw paramError('item_id is required');
    const product = findProduct(shop, id);
    if (!product) throw notFound();
    return modelList(state, product);
  });

  route('/api/v2/product/search_item', ({ query }, shop) => {
    const size = intParam(first(query, 'page_size'), 'page_size', 0, 1, 100);
    if (first(query, 'page_size') === undefined) throw paramError('page_size is required');
    const name = (first(query, 'item_name') ?? '').toLowerCase().trim();
    const sku = (first(query, 'item_sku') ?? '').toLowerCase().trim();
    if (!name && !sku && !first(query, 'attribute_status'))
      throw paramError('request must set one of [item_name,attribute_status]');
    const statuses = list(query, 'item_status');
    const words = name.split(/\s+/).filter(Boolean);
    const hits = shop.products.filter(
      (p) =>
        (statuses.length ? statuses.includes(p.status) : p.status === 'NORMAL') &&
        (sku
          ? p.sku.toLowerCase().includes(sku) || p.models.some((m) => m.sku.toLowerCase().includes(sku))
          : words.every((w) => p.name.toLowerCase().includes(w))),
    );
    const offset = Number(first(query, 'offset') || 0) || 0;
    const page = hits.slice(offset, offset + size);
    return {
      item_id_list: page.map((p) => Number(p.id)),
      total_count: hits.length,
      next_offset: offset + page.length < hits.length ? String(offset + page.length) : '',
    };
  });

  route('/api/v2/voucher/get_voucher_list', ({ query, nowSec }, shop) => {
    const status = first(query, 'status');
    if (!status) throw paramError('status is required');
    if (!['upcoming', 'ongoing', 'expired', 'all'].includes(status))
      throw paramError('status must be upcoming, ongoing, expired or all');
    const pageNo = intParam(first(query, 'page_no'), 'page_no', 1, 1, 5000);
    const size = intParam(first(query, 'page_size'), 'page_size', 20, 1, 100);
    const all = shop.vouchers.filter((v) => status === 'all' || voucherStatus(v, nowSec) === status);
    const page = all.slice((pageNo - 1) * size, pageNo * size);
    return { more: pageNo * size < all.length, voucher_list: page.map(voucherInfo) };
  });
}
