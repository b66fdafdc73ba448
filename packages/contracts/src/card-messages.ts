import { channelOf } from './channels.ts';
import { countWords, plural } from './count-words.ts';
import type { OrderStatus } from './orders.ts';

const sellerCentreOf = (provider: string) => channelOf(provider).sellerCentre ?? 'Seller Centre';

/**
 * The chat's order, product and voucher cards and the shopper panel, in the merchant's words: apart
 * from `messages` so that the dashboard's first load (which imports `messages`) does not carry them.
 */
export const cardMessages = {
  /** Where an order stands, as a merchant reads it on the card. */
  status: {
    unpaid: 'Unpaid',
    to_ship: 'To ship',
    shipped: 'Shipped',
    delivered: 'Delivered',
    completed: 'Completed',
    cancelling: 'Cancellation requested',
    cancelled: 'Cancelled',
    return_refund: 'Return/refund in progress',
    returned: 'Returned',
    delivery_failed: 'Delivery failed',
    unknown: 'Status unknown',
  } satisfies Record<OrderStatus, string>,
  order: (sn: string) => `Order ${sn}`,
  product: (id: string) => `Product ${id}`,
  voucher: (id: string) => `Voucher ${id}`,
  orderNotFound: 'This order is not in this shop.',
  productNotFound: 'This product is not in this shop’s catalogue.',
  voucherNotRunning: 'This voucher is not running in the shop now.',
  /** A call that did not answer at all (network, server). */
  failed: 'Could not load this. Check your connection and try again.',
  retry: 'Retry',
  total: 'Total',
  totalPending: 'Total shown once paid',
  tracking: 'Tracking',
  noTracking: 'No tracking number yet',
  moreItems: (n: number) => `+${plural(n, 'more item', 'more items')}`,
  quantity: (n: number) => `× ${n}`,
  inStock: (n: number) => (n > 0 ? `${n} in stock` : 'Out of stock'),
  stockUnknown: 'Stock not given',
  priceUnknown: 'Price not given',
  variations: countWords.variations,
  /** The order card's link to the platform's seller site, named as the platform names it. */
  sellerCentre: (provider: string) => `Open in ${channelOf(provider).name} ${sellerCentreOf(provider)}`,
  sellerCentreShort: (provider: string) => sellerCentreOf(provider),
  sticker: 'Sticker',
  image: 'Image sent in the chat',
  /** Labels of messages that are not cards (spec §2), the same for every platform. */
  notice: 'Notification',
  video: 'Video',
  watchVideo: 'Watch video',
  productsSuggested: 'Products suggested',
  productLink: (ids: string) => `Product / FAQ link: item ${ids}`,
  orderLabel: (id: string) => `Order ${id}`,
  voucherSuggested: (code: string) => `Voucher suggested: ${code}`,
  faqLink: (id?: string) => (id ? `FAQ link #${id}` : 'FAQ link'),
  shopAction: 'Shop action button',
  panel: {
    title: 'Shopper',
    open: 'Shopper details',
    close: 'Close shopper details',
    orders: 'Recent orders in this shop',
    noOrders: (days: number) => `No orders from this shopper in this shop in the last ${days} days.`,
    websiteOrders: 'Website shops have no Shopee or Lazada orders to show.',
    products: 'Products asked about',
    noProducts: 'No products shared in this conversation yet.',
  },
} as const;
