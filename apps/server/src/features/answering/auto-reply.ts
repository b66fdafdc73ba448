import { type AnswerResult, type HistoryTurn, planOrderAnswer, voucherOfferText } from '@balas/bot';
import { awayText, handoverReasonMessage, orderIdOf, productIdsOf, writtenTextOf } from '@balas/contracts';
import type { AppContext } from '../../context.ts';
import { crashCutoff } from '../../platform/recovery.ts';
import type { Platforms } from '../../platforms/registry.ts';
import type { Drafts } from '../drafts/drafts.service.ts';
import type { HandoverSummaries } from '../handover/handover-summaries.ts';
import type { ConversationRow, MessageRow } from '../inbox/inbox.serialize.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { PendingReplies } from '../inbox/replies/pending-replies.ts';
import type { Handover, ReplyService } from '../inbox/reply.service.ts';
import type { VoucherOffers } from '../vouchers/voucher-offers.ts';
import type { AnsweringService } from './answering.service.ts';
import { createAutoReplyStatements } from './auto-reply.statements.ts';
import type { BotBudget } from './bot-budget.ts';
import { asTurns, conversationTurns, inWrittenOrder } from './conversation-context.ts';
import type { OrderAnswers } from './order-answers.ts';

/** The reason a merchant reads for a handover (the contracts' words; never a score). */
export function handoverReasonText(result: AnswerResult): string {
  const h = result.handover;
  if (!h) return '';
  return handoverReasonMessage(h.reason, h.order);
}

type DecisionRow = Awaited<ReturnType<ReturnType<typeof createAutoReplyStatements>['decision']>>;
/** The bot's reply to a shopper message, as a decision reads it. */
type Reply = NonNullable<DecisionRow>['reply'];

export interface AutoReplyOutcome {
  /** The bot's message, or null when the bot stayed quiet (off, handed over, already answered). */
  sent: MessageRow | null;
  handover: boolean;
}

/**
 * A bot reply still pending this long when its job runs again was left by an attempt that died
 * mid-send (a job is taken up again only once its worker is gone: BullMQ's 30-second lock, or a
 * restart in embedded mode, where any reply from before the start counts).
 */
export const ORPHANED_REPLY_AFTER_MS = 20_000;

/** Decisions on one message in one job at most (it was made due again meanwhile; a sweep takes the rest). */
const DECIDE_ROUNDS = 3;

/**
 * A decision still claiming its message this long died. A live one takes seconds (the model gives up
 * at 8 s, a send sooner); the queue hands a job whose worker went silent to another after 30 s, and
 * that one must then be able to decide: with 2 minutes, a message claimed by a killed worker waited
 * for the sweep after next (two messages of the chaos test, 2-3 minutes unanswered).
 */
export const DECISION_STALE_AFTER_MS = 45_000;

/**
 * The bot's answer to one shopper message. It answers exactly once: a message with a reply is
 * skipped, and the unique reply_to lets only one of two racing workers store one.
 */
export function createAutoReply(
  ctx: AppContext,
  deps: {
    answering: AnsweringService;
    replies: ReplyService;
    inbox: InboxService;
    voucherOffers: VoucherOffers;
    botBudget: BotBudget;
    platforms: Platforms;
    orderAnswers: OrderAnswers;
    pendingReplies: PendingReplies;
    /** Draft mode: replies that wait for a person (features/drafts). */
    drafts: Drafts;
    /** What the person taking over reads first (features/handover). */
    summaries: HandoverSummaries;
  },
) {
  const statements = createAutoReplyStatements(ctx.database.db);
  const startedAt = new Date();
  const quiet = (handover = false): AutoReplyOutcome => ({ sent: null, handover });

  /** What a shopper wrote in a message, '' for a card or sticker (its preview label is no question). */
  const writtenText = (m: Pick<MessageRow, 'content'>) => writtenTextOf(m.content);

  /**
   * The message the bot answers when deciding on `message`: the newest of the shopper's messages
   * from then on (in the order they were written), the earlier ones being its context; a card shared
   * in the same second as a question belongs to that question. Null when a person of the shop has
   * written since (it is theirs), or when the newest one is still due: its own job decides. The
   * history comes with it when it is `message` (null otherwise: it is read for the one answered), and
   * the reply to it (`replyToIt`, read with `message`; read here for another one).
   */
  async function newestQuestion(
    message: MessageRow,
    replyToIt: Reply | null,
  ): Promise<{ message: MessageRow; history: HistoryTurn[] | null; reply: Reply | null } | null> {
    // One statement: the shopper's and the shop's messages from this one on and, when this one is
    // the question, its history (conversationTurns' read, which is unchanged).
    const rows = await statements.newestAndHistory(message);
    const since = rows.filter((r) => r.since);
    const inOrder = inWrittenOrder(since);
    let newest = inOrder.findLastIndex((m) => m.sender === 'customer');
    const last = inOrder[newest];
    if (!last || inOrder.slice(newest + 1).some((m) => m.sender === 'agent')) return null;
    if (!last.written) {
      const question = inOrder.findLastIndex(
        (m) => m.sender === 'customer' && m.written && m.sentAt.getTime() === last.sentAt.getTime(),
      );
      if (question >= 0) newest = question;
    }
    const target = inOrder[newest]!;
    if (target.id === message.id)
      return { message, history: asTurns(rows.filter((r) => !r.since)), reply: replyToIt };
    if (await statements.stillDue(target.id)) return null;
    const row = await statements.message(target.id);
    return row ? { message: row, history: null, reply: (await statements.replyOf(row.id)) ?? null } : null;
  }

  /** A reply still pending from an attempt that died mid-send (not one being sent right now). */
  const orphaned = (reply: { status: string; createdAt: Date }) =>
    reply.status === 'pending' &&
    reply.createdAt < crashCutoff(ctx.config, startedAt, ORPHANED_REPLY_AFTER_MS);

  async function decide(row: DecisionRow | undefined): Promise<AutoReplyOutcome> {
    if (row?.message.sender !== 'customer') return quiet();
    const { shop, conversation } = row;
    if (conversation.handedOver) {
      // The bot's handover commits with the reply that tells the shopper: an attempt that died
      // before sending it leaves the chat handed over and that reply pending, to be sent now.
      const told = row.reply;
      if (told && orphaned(told)) await deps.pendingReplies.settle(told.id);
      return quiet(true);
    }
    // The effective switch: the conversation's override, else the shop's (as the inbox shows it).
    if (!(conversation.botEnabled ?? shop.defaultBotStatus)) return quiet();
    // Messages caught up at once (gap repair, lost pushes, a slow push) get one answer, to the
    // newest; whichever of their jobs runs, and in whatever order they were stored.
    const newest = await newestQuestion(row.message, row.reply);
    if (!newest) return quiet();
    const { message, reply: already } = newest;
    if (already?.status === 'failed') {
      // The bot's answer to it never reached the shopper, and the bot is in charge again: the same
      // answer is sent again (the shopper is answered once), not a second one.
      const sent = await deps.replies.retry(shop, conversation, already.id).catch(() => null);
      return { sent, handover: false };
    }
    if (already) {
      if (orphaned(already)) await deps.pendingReplies.settle(already.id);
      return quiet();
    }
    const question = writtenText(message);
    const productId = productIdsOf(message.content)[0];
    const orderCard = orderIdOf(message.content);
    if (!question && !productId && !orderCard) return quiet();
    const history = newest.history ?? (await conversationTurns(ctx.database.db, conversation.id, message));
    // An order question is answered from the platform; a card alone only when the bot asked for it.
    const order = planOrderAnswer(question, { history, orderCard });
    if (!question && !productId && !order) return quiet();

    if (!(await deps.botBudget.take(shop, conversation))) return quiet(true);
    const ordered = order
      ? await deps.orderAnswers.answer(
          shop,
          order,
          { conversation, question },
          (rest) =>
            deps.answering.answer(shop, rest, {
              conversation: conversation.externalId,
              productId,
              history,
              log: false,
            }),
          { log: false },
        )
      : null;
    const asked = ordered
      ? { conversation: conversation.externalId, question }
      : { conversation: conversation.externalId, question: question || `product ${productId}`, productId };
    const result =
      ordered?.result ??
      (await deps.answering.answer(shop, asked.question, {
        conversation: conversation.externalId,
        productId,
        history,
        log: false,
      }));
    if (result.handover) {
      await deps.summaries.write(shop, conversation, {
        history,
        question,
        productId,
        orderId: orderCard,
        reply: result.text,
        reason: result.handover.reason,
        reasonText: ordered?.reasonText || handoverReasonText(result),
      });
    }
    // Draft mode: the reply waits for a person's approval (features/drafts); it is logged once stored.
    if (result.text && deps.drafts.wanted(shop, result)) {
      const handover = result.handover;
      if (handover) {
        const text = ordered?.reasonText || handoverReasonText(result);
        if (!(await deps.inbox.handOver(shop, conversation, { reason: handover.reason, text })))
          return quiet(true);
      }
      const draft = { text: result.text, confidence: result.confidence, handover: handover?.reason ?? null };
      if (await deps.drafts.store(shop, conversation, message, draft))
        await deps.answering.record(shop, asked, result);
      return { sent: null, handover: !!handover };
    }
    // The answer is logged once its reply is stored: a decision that raced another and lost (the
    // reply stored already, the conversation handed over by the other) leaves no answer behind.
    const send = async (to: ConversationRow, text: string, handover?: Handover) => {
      const sent = await deps.replies.sendBot(shop, to, message.id, text, handover);
      if (sent) await deps.answering.record(shop, asked, result);
      return sent;
    };
    if (result.handover) {
      // Outside business hours the shopper is told when the team is back (decision 0025).
      const away = awayText(shop.businessHours, new Date(), result.language);
      // Handed over with the reply that says so, in one transaction (null: handed over already).
      const sent = await send(conversation, away ? `${result.text}\n\n${away}` : result.text, {
        reason: result.handover.reason,
        text: ordered?.reasonText || handoverReasonText(result),
      });
      return sent ? { sent, handover: true } : quiet(true);
    }
    const voucher = result.topic
      ? await deps.voucherOffers.offerFor(shop, conversation, result.topic.id)
      : null;
    if (!voucher) return { sent: await send(conversation, result.text), handover: false };
    const text = `${result.text}\n\n${voucherOfferText(result.language, voucher)}`;
    const sent = await send(conversation, text);
    // Only a voucher that reached the shopper is recorded.
    if (sent?.status === 'sent') await deps.voucherOffers.recordSent(shop, conversation, voucher, text);
    return { sent, handover: false };
  }

  /**
   * Decides, once the message's answer due is claimed (a second decision on it leaves it to the
   * first); whatever the outcome, the answer is then no longer due. If it was made due again while
   * deciding (the bot put back in charge, a sweep), what the decision read may be out of date: it
   * decides again (the job queued for it then was this one). The first reply sent is the outcome
   * (the website chat's answer).
   */
  async function replyTo(messageId: string): Promise<AutoReplyOutcome> {
    const staleBefore = crashCutoff(ctx.config, startedAt, DECISION_STALE_AFTER_MS);
    const claim = await deps.inbox.claimAnswer(messageId, staleBefore, DECISION_STALE_AFTER_MS);
    // Another decision on it is under way: it answers (and decides again if made due meanwhile).
    if (claim.busy) return quiet();
    let { mark } = claim;
    let outcome: AutoReplyOutcome | null = null;
    for (let round = 1; ; round++) {
      const row = await statements.decision(messageId);
      const decided = await decide(row);
      if (!outcome?.sent) outcome = decided;
      if (await deps.inbox.settleAnswer(messageId, mark, { shop: row?.shop })) return outcome;
      if (round >= DECIDE_ROUNDS) {
        await deps.inbox.releaseAnswer(messageId);
        return outcome;
      }
      mark = await deps.inbox.dueMark(messageId);
    }
  }

  return { replyTo };
}

export type AutoReply = ReturnType<typeof createAutoReply>;
