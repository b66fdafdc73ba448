import { randomInt } from 'node:crypto';
import type {
  Buyer,
  Order,
  OrderLine,
  OrderStatus,
  Platform,
  Product,
  Shop,
  TrackingEvent,
} from './types.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHIPPING_FEE = 4.9;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Each buyer has three orders in each shop; across a shop's four buyers every status a shopper asks
 * about appears, and the second buyer's first order waits to be shipped (the seeded "when will it
 * ship?" chat shares it).
 */
const cycle: OrderStatus[] = [
  'SHIPPED',
  'DELIVERED',
  'COMPLETED',
  'READY_TO_SHIP',
  'UNPAID',
  'CANCELLED',
  'RETURN_REFUND',
];

/** How long ago an order in this status was placed: statuses follow an order's age. */
const ageOf: Record<OrderStatus, number> = {
  UNPAID: 3 * HOUR,
  READY_TO_SHIP: DAY,
  SHIPPED: 3 * DAY,
  DELIVERED: 5 * DAY,
  COMPLETED: 12 * DAY,
  CANCELLED: 8 * DAY,
  RETURN_REFUND: 10 * DAY,
};

const carriers: Record<Platform, string> = { shopee: 'SPX Express', lazada: 'LEX MY' };

const ALNUM = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(0, 10))).join('');

/** Shopee: yymmdd + 8 characters (e.g. 2701127K3QH2MX); Lazada: a 15-digit number. */
export function orderSn(platform: Platform, at: number): string {
  if (platform === 'lazada') return `${randomInt(1, 10)}${digits(14)}`;
  const d = new Date(at);
  const ymd = [d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
  return ymd + Array.from({ length: 8 }, () => ALNUM[randomInt(0, ALNUM.length)]).join('');
}

const trackingNumber = (platform: Platform) =>
  platform === 'shopee' ? `SPXMY0${digits(11)}` : `MYLEX${digits(10)}`;

/** The carrier's steps for a parcel shipped at `shippedAt`, up to where the order stands. */
function journey(status: OrderStatus, shippedAt: number): TrackingEvent[] {
  const steps: [number, string, string][] = [
    [0, 'PICKED_UP', 'Parcel has been picked up by the courier'],
    [6 * HOUR, 'PICKED_UP', 'Parcel has departed from the sorting centre in Shah Alam'],
    [20 * HOUR, 'DELIVERY_PENDING', 'Parcel has arrived at the delivery hub in Johor Bahru'],
  ];
  if (status !== 'SHIPPED') {
    steps.push([30 * HOUR, 'DELIVERY_PENDING', 'Parcel is out for delivery']);
    steps.push([34 * HOUR, 'DELIVERED', 'Parcel has been delivered']);
  }
  return steps.map(([offset, s, description]) => ({ at: shippedAt + offset, status: s, description }));
}

const reasons: Partial<Record<OrderStatus, string>> = {
  CANCELLED: 'Need to change delivery address',
  RETURN_REFUND: 'Wrong size received',
};

/** One order of a buyer; `k` is its place among the buyer's orders in this shop. */
function buildOrder(platform: Platform, shop: Shop, listed: Product[], b: number, k: number, now: number) {
  const status = cycle[(b * 3 + k) % cycle.length]!;
  const products = [listed[(b * 3 + k) % listed.length]!, listed[(b * 5 + k + 2) % listed.length]!].slice(
    0,
    1 + ((b + k) % 2),
  );
  const lines: OrderLine[] = products.map((p, i) => {
    const inStock = p.models.filter((m) => m.stock > 0);
    const model = inStock.length ? inStock[(b + k) % inStock.length]! : null;
    return {
      itemId: p.id,
      modelId: model?.id ?? null,
      quantity: 1 + ((b + k + i) % 2),
      price: model?.price ?? p.price,
    };
  });
  const createdAt = now - ageOf[status] - b * HOUR - k * 7 * 60_000;
  const paid = status !== 'UNPAID';
  const shipped = !['UNPAID', 'READY_TO_SHIP', 'CANCELLED'].includes(status);
  const shippedAt = createdAt + 20 * HOUR;
  const events = shipped ? journey(status, shippedAt) : [];
  return {
    sn: orderSn(platform, createdAt),
    shopId: shop.id,
    buyerId: '',
    lines,
    shippingFee: SHIPPING_FEE,
    total: round2(lines.reduce((n, l) => n + l.price * l.quantity, 0) + SHIPPING_FEE),
    status,
    paymentMethod: (b + k) % 3 === 0 ? 'Cash on Delivery' : 'Online Banking',
    createdAt,
    updatedAt: events.at(-1)?.at ?? createdAt + (paid ? 10 * 60_000 : 0),
    paidAt: paid ? createdAt + 5 * 60_000 : null,
    shipBy: createdAt + 2 * DAY,
    carrier: carriers[platform],
    trackingNumber: shipped ? trackingNumber(platform) : null,
    events,
    reason: reasons[status] ?? '',
  } satisfies Order;
}

export function buildOrders(platform: Platform, shop: Shop, buyers: Buyer[], now: number): Order[] {
  const listed = shop.products.filter((p) => p.status === 'NORMAL');
  return buyers.flatMap((buyer, b) =>
    [0, 1, 2].map((k) => ({ ...buildOrder(platform, shop, listed, b, k, now), buyerId: buyer.id })),
  );
}

/** A version 2 order (item ids, four statuses, no tracking) in today's form, keeping its number. */
export function upgradeOrder(
  platform: Platform,
  shop: Shop | undefined,
  old: Record<string, unknown>,
): Order {
  const createdAt = Number(old.createdAt) || 0;
  const status = (
    ['UNPAID', 'READY_TO_SHIP', 'SHIPPED', 'COMPLETED'].includes(String(old.status))
      ? old.status
      : 'COMPLETED'
  ) as OrderStatus;
  const itemIds = Array.isArray(old.itemIds) ? old.itemIds.map(String) : [];
  const lines = itemIds.map((itemId) => {
    const p = shop?.products.find((x) => x.id === itemId);
    return { itemId, modelId: null, quantity: 1, price: p?.price ?? 0 };
  });
  const shipped = status === 'SHIPPED' || status === 'COMPLETED';
  const events = shipped ? journey(status, createdAt + 20 * HOUR) : [];
  return {
    sn: String(old.sn),
    shopId: String(old.shopId),
    buyerId: String(old.buyerId),
    lines,
    shippingFee: SHIPPING_FEE,
    total: Number(old.total) || 0,
    status,
    paymentMethod: 'Online Banking',
    createdAt,
    updatedAt: events.at(-1)?.at ?? createdAt,
    paidAt: status === 'UNPAID' ? null : createdAt + 5 * 60_000,
    shipBy: createdAt + 2 * DAY,
    carrier: carriers[platform],
    trackingNumber: shipped ? trackingNumber(platform) : null,
    events,
    reason: '',
  };
}
