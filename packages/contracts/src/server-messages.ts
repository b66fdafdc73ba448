/**
 * Words the server and the engine use that no dashboard page shows: apart from `messages`, which
 * the dashboard's first load carries.
 */
export const serverMessages = {
  /** The password change (`POST /api/change_password`); the dashboard words it as `accountWords`. */
  password: {
    currentWrong: 'Your current password is not correct',
    changed: 'Your password has been changed',
    changedMailSubject: 'Your Balas password was changed',
  },
  platformOff: (name: string) =>
    `${name} is not set up on this server. Ask whoever runs Balas to add its partner credentials.`,
  /** Why the bot handed a conversation over, as the merchant reads it (never a score). */
  handover: {
    asked_for_human: 'The shopper asked to talk to a person',
    angry: 'The shopper seems upset',
    order_status: 'The shopper asks about their order',
    order_problem: 'The shopper reports a problem with their order or payment',
    account: "The shopper asks about their account or a payment we can't see",
    restock: 'The shopper asks when an item will be back in stock',
    future_price: 'The shopper asks about a future price or stock',
    medical: 'The shopper asks for medical advice',
    negotiation: 'The shopper wants to negotiate the price',
    platform_decision: 'The shopper asks what Shopee or Lazada will do',
    low_confidence: "The bot couldn't find the answer in your training",
    unknown: 'The bot handed this conversation to you',
    other: 'Other reason',
  },
  /** What an order question asks, appended to the order_status reason. */
  orderQuestion: {
    status: 'its status',
    where: 'where it is',
    ships_when: 'when it ships',
    tracking: 'its tracking number',
    cancel: 'cancelling it',
    refund: 'a refund',
    change_address: 'changing the address',
  },
  orders: {
    unavailable: (platform: string) =>
      `We could not reach ${platform} to look this up. Please try again in a moment.`,
    notConnected: 'This shop needs to be reconnected before its orders can be looked up.',
    rateLimited: 'Too many order lookups in this chat. Please try again in a few minutes.',
    noPlatformOrders: 'Website shops have no Shopee or Lazada orders.',
    notFound: 'This order is not one of this shop.',
    productNotFound: 'This product is not in this shop.',
    /** Why the bot handed an order question over instead of answering it from the platform. */
    botHandover: {
      platform: (platform: string) => `${platform} did not answer the bot's order lookup.`,
      not_connected: 'The shop needs to be reconnected before the bot can look up orders.',
      rate_limited: 'Too many order lookups in this chat, so the bot stopped looking orders up for now.',
      no_platform_orders: 'Website shops have no Shopee or Lazada orders for the bot to look up.',
    },
  },
} as const;

export type HandoverReasonCode = Exclude<keyof typeof serverMessages.handover, 'unknown' | 'other'>;

/** The merchant-facing words for a handover reason code ("order_status" plus what was asked). */
export function handoverReasonMessage(
  reason: string,
  order?: { kind: string; orderNumber?: string | undefined },
): string {
  const base = (serverMessages.handover as Record<string, string>)[reason] ?? serverMessages.handover.unknown;
  if (reason !== 'order_status' || !order) return base;
  const asks = (serverMessages.orderQuestion as Record<string, string>)[order.kind];
  const about = asks ? ` (${asks}${order.orderNumber ? `, order ${order.orderNumber}` : ''})` : '';
  return `${base}${about}`;
}
