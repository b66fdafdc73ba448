import type { OrderStatus, OrderView } from './orders.ts';

/** How the bot tells a shopper where their order is, in the shopper's language. */

export type ShopperLanguage = 'en' | 'ms' | 'zh';

interface Words {
  status: Record<Exclude<OrderStatus, 'unknown'>, (sn: string, carrier: string) => string>;
  unknown: (sn: string, platformStatus: string) => string;
  shipBy: (date: string) => string;
  tracking: (number: string) => string;
  latest: (when: string, what: string) => string;
  expected: (from: string, to: string) => string;
  locale: string;
}

const words: Record<ShopperLanguage, Words> = {
  en: {
    status: {
      unpaid: (sn) => `Your order ${sn} is waiting for payment.`,
      to_ship: (sn) => `Your order ${sn} is being prepared for shipping.`,
      shipped: (sn, carrier) => `Your order ${sn} is on its way${carrier ? ` with ${carrier}` : ''}.`,
      delivered: (sn) => `Your order ${sn} has been delivered.`,
      completed: (sn) => `Your order ${sn} has been delivered and is completed.`,
      cancelling: (sn) => `Your request to cancel order ${sn} is being processed.`,
      cancelled: (sn) => `Your order ${sn} has been cancelled.`,
      return_refund: (sn) => `Your return/refund request for order ${sn} is being processed.`,
      returned: (sn) => `Your order ${sn} has been returned.`,
      delivery_failed: (sn) => `The delivery of your order ${sn} was not successful.`,
    },
    unknown: (sn, s) => `Status of your order ${sn}: ${s}.`,
    shipBy: (date) => `The seller will ship it by ${date}.`,
    tracking: (n) => `Tracking number: ${n}.`,
    latest: (when, what) => `Latest update (${when}): ${what}.`,
    expected: (from, to) => `Expected delivery: ${from === to ? from : `${from} to ${to}`}.`,
    locale: 'en-MY',
  },
  ms: {
    status: {
      unpaid: (sn) => `Pesanan anda ${sn} sedang menunggu pembayaran.`,
      to_ship: (sn) => `Pesanan anda ${sn} sedang disediakan untuk penghantaran.`,
      shipped: (sn, carrier) =>
        `Pesanan anda ${sn} sedang dalam perjalanan${carrier ? ` melalui ${carrier}` : ''}.`,
      delivered: (sn) => `Pesanan anda ${sn} telah sampai.`,
      completed: (sn) => `Pesanan anda ${sn} telah sampai dan selesai.`,
      cancelling: (sn) => `Permintaan anda untuk membatalkan pesanan ${sn} sedang diproses.`,
      cancelled: (sn) => `Pesanan anda ${sn} telah dibatalkan.`,
      return_refund: (sn) => `Permintaan pemulangan/bayaran balik untuk pesanan ${sn} sedang diproses.`,
      returned: (sn) => `Pesanan anda ${sn} telah dipulangkan.`,
      delivery_failed: (sn) => `Penghantaran pesanan anda ${sn} tidak berjaya.`,
    },
    unknown: (sn, s) => `Status pesanan anda ${sn}: ${s}.`,
    shipBy: (date) => `Penjual akan menghantarnya sebelum ${date}.`,
    tracking: (n) => `Nombor penjejakan: ${n}.`,
    latest: (when, what) => `Kemas kini terkini (${when}): ${what}.`,
    expected: (from, to) => `Jangkaan sampai: ${from === to ? from : `${from} hingga ${to}`}.`,
    locale: 'ms-MY',
  },
  zh: {
    status: {
      unpaid: (sn) => `您的订单${sn}正在等待付款。`,
      to_ship: (sn) => `您的订单${sn}正在备货，等待发货。`,
      shipped: (sn, carrier) => `您的订单${sn}已发货，正在运送中${carrier ? `（${carrier}）` : ''}。`,
      delivered: (sn) => `您的订单${sn}已送达。`,
      completed: (sn) => `您的订单${sn}已送达，订单已完成。`,
      cancelling: (sn) => `您的订单${sn}的取消申请正在处理中。`,
      cancelled: (sn) => `您的订单${sn}已取消。`,
      return_refund: (sn) => `您的订单${sn}的退货/退款申请正在处理中。`,
      returned: (sn) => `您的订单${sn}已退回。`,
      delivery_failed: (sn) => `您的订单${sn}派送未成功。`,
    },
    unknown: (sn, s) => `您的订单${sn}状态：${s}。`,
    shipBy: (date) => `卖家将于${date}前发货。`,
    tracking: (n) => `快递单号：${n}。`,
    latest: (when, what) => `最新物流（${when}）：${what}。`,
    expected: (from, to) => `预计送达：${from === to ? from : `${from}至${to}`}。`,
    locale: 'zh-CN',
  },
};

/** Statuses whose answer carries the parcel's tracking number and latest step. */
const parcelStatuses: OrderStatus[] = ['shipped', 'delivered', 'completed', 'delivery_failed'];

/**
 * One reply about an order: its status in words a shopper knows, then (once shipped) the tracking
 * number and the carrier's latest step, and the date the platform gives (ship-by while waiting to
 * ship, the delivery estimate while on the way). Dates in the shop's time zone.
 */
export function orderStatusPhrase(
  order: Pick<
    OrderView,
    'orderSn' | 'status' | 'platformStatus' | 'shipBy' | 'expectedDelivery' | 'tracking'
  >,
  language: ShopperLanguage,
  timeZone = 'Asia/Kuala_Lumpur',
): string {
  const w = words[language];
  const day = (iso: string) =>
    new Intl.DateTimeFormat(w.locale, { day: 'numeric', month: 'short', timeZone }).format(new Date(iso));
  const moment = (iso: string) =>
    new Intl.DateTimeFormat(w.locale, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone,
    }).format(new Date(iso));
  const { status, orderSn, tracking } = order;
  const parts = [
    status === 'unknown'
      ? w.unknown(orderSn, order.platformStatus)
      : w.status[status](orderSn, status === 'shipped' ? (tracking.carrier ?? '') : ''),
  ];
  if (status === 'to_ship' && order.shipBy) parts.push(w.shipBy(day(order.shipBy)));
  if (parcelStatuses.includes(status)) {
    if (tracking.number) parts.push(w.tracking(tracking.number));
    const latest = tracking.events[0];
    if (latest) parts.push(w.latest(moment(latest.at), latest.description.replace(/[.。]$/, '')));
  }
  if (status === 'shipped' && order.expectedDelivery)
    parts.push(w.expected(day(order.expectedDelivery.from), day(order.expectedDelivery.to)));
  return parts.join(language === 'zh' ? '' : ' ');
}
