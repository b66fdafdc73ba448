/**
 * The domain events the inbox publishes on the outbox (platform/outbox.ts), each in the transaction
 * that makes it true. Subscribers (answering) import these; the inbox imports no subscriber.
 */

/** A shopper's message was stored and the bot owes it a decision. Key: the message's id. */
export const MESSAGE_RECEIVED = 'message.received';
/** The bot was put in charge while a shopper waits: their latest message is due again. Key: its id. */
export const REPLY_REQUESTED = 'reply.requested';
/** Both mean "an answer is due for this message"; the decision settling it acknowledges both. */
export const ANSWER_DUE_EVENTS = [MESSAGE_RECEIVED, REPLY_REQUESTED];

export interface AnswerDuePayload {
  messageId: string;
}

/**
 * A reply of the shop was stored 'pending' and is being sent. Written and removed by the database
 * (a trigger on `messages`, migration 0026): it exists while the reply is pending, and is relayed
 * only if the reply is still pending after PENDING_STUCK_AFTER_MS. Key: the reply's id.
 */
export const REPLY_STORED = 'reply.stored';

export interface ReplyStoredPayload {
  messageId: string;
}
