import type { HistoryTurn } from '@balas/bot';
import { orderIdOf, productIdsOf } from '@balas/contracts';
import { and, desc, eq, lt, ne, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { botAnswers, messages } from '../../db/schema.ts';

// What the engine needs of a conversation to answer a follow-up: its recent turns, oldest first, with
// the product and order cards shared in them ("XL berapa?" after a card of the baju kurung).

/** Turns the engine looks back over. */
export const CONTEXT_TURNS = 8;

const ROLE = { customer: 'shopper', agent: 'agent', bot: 'bot' } as const;

const DECIMAL_ID = /^\d{1,40}$/;

/**
 * A conversation's messages in the order they were written, oldest first. Platforms stamp whole
 * seconds and pushes are stored in whatever order they are handled, so within one timestamp the
 * platform's own message ids decide when all of them are numbers (Shopee issues them in increasing
 * order); otherwise the order they were stored in (UUID v7 ids).
 */
export function inWrittenOrder<T extends { id: string; externalId: string | null; sentAt: Date }>(
  rows: readonly T[],
): T[] {
  const sorted = [...rows].sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime() || (a.id < b.id ? -1 : 1));
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && sorted[end]!.sentAt.getTime() === sorted[start]!.sentAt.getTime()) end++;
    const group = sorted.slice(start, end);
    if (group.length > 1 && group.every((m) => m.externalId !== null && DECIMAL_ID.test(m.externalId))) {
      const platformId = (m: T) => BigInt(m.externalId!);
      group.sort((a, b) => (platformId(a) < platformId(b) ? -1 : 1));
      sorted.splice(start, group.length, ...group);
    }
    start = end;
  }
  return sorted;
}

/** The columns a conversation's turns are read from. */
export const turnColumns = {
  id: messages.id,
  externalId: messages.externalId,
  sentAt: messages.sentAt,
  sender: messages.sender,
  text: messages.text,
  content: messages.content,
  status: messages.status,
};

/**
 * A conversation's messages before one message, of which the newest CONTEXT_TURNS are its turns.
 * The values may be placeholders of a prepared statement.
 */
export function turnsBefore(
  conversationId: string | SQLWrapper,
  before: { id: string | SQLWrapper; sentAt: Date | SQLWrapper },
): SQL | undefined {
  return and(
    eq(messages.conversationId, conversationId),
    or(
      lt(messages.sentAt, before.sentAt),
      // The same second, whichever was stored first (pushes arrive in any order): a card shared
      // with the question belongs to it.
      and(eq(messages.sentAt, before.sentAt), ne(messages.id, before.id)),
    ),
  );
}

type TurnRow = Pick<typeof messages.$inferSelect, keyof typeof turnColumns>;

/** The turns, oldest first, of the rows read with turnsBefore (failed sends left out). */
export function asTurns(rows: readonly TurnRow[]): HistoryTurn[] {
  return inWrittenOrder(rows.filter((r) => r.status !== 'failed')).map((r) => {
    const productId = productIdsOf(r.content)[0];
    const orderId = orderIdOf(r.content);
    return {
      role: ROLE[r.sender],
      text: r.content.kind === 'text' ? r.content.text : r.sender === 'customer' ? '' : r.text,
      ...(productId ? { productId } : {}),
      ...(orderId ? { orderId } : {}),
    };
  });
}

/** The turns of an inbox conversation before one message (failed sends left out). */
export async function conversationTurns(
  db: Db,
  conversationId: string,
  before: { id: string; sentAt: Date },
): Promise<HistoryTurn[]> {
  const rows = await db
    .select(turnColumns)
    .from(messages)
    .where(turnsBefore(conversationId, before))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(CONTEXT_TURNS);
  return asTurns(rows);
}

/** The simulator's earlier questions and answers in one simulator conversation. */
export async function simulatorTurns(db: Db, shopId: string, conversation: string): Promise<HistoryTurn[]> {
  const rows = await db
    .select({ message: botAnswers.message, response: botAnswers.response, productId: botAnswers.productId })
    .from(botAnswers)
    .where(and(eq(botAnswers.shopId, shopId), eq(botAnswers.conversation, conversation)))
    .orderBy(desc(botAnswers.id))
    .limit(CONTEXT_TURNS / 2);
  return rows.reverse().flatMap((r): HistoryTurn[] => [
    { role: 'shopper', text: r.message, ...(r.productId ? { productId: r.productId } : {}) },
    { role: 'bot', text: r.response },
  ]);
}
