/**
 * The domain events the shops feature publishes on the outbox (platform/outbox.ts), in the
 * transaction that makes them true.
 */

/**
 * A shop's switch was turned on: a pass over the shoppers who wrote while it was off is owed
 * (answering runs it). Key: the shop's id; turned on again while a pass runs, it is published again.
 */
export const SHOP_BOT_ENABLED = 'shop.bot-enabled';
