import { analysedHistory, analysedText } from './analysed-text.ts';
import { replyLanguage } from './conversation.ts';
import {
  classifyOrderQuestion,
  decideHandover,
  detectHandoverSignals,
  needsOrderLookup,
} from './handover.ts';
import { splitQuestions } from './split.ts';
import type { HistoryTurn, Lang, OrderQuestion, OrderQuestionKind } from './types.ts';

// Order questions answered from the platform: which order a shopper's message is about (a number it
// names, an order card shared in the chat) and what to do (look it up, ask for it, hand over), then
// the words of the reply in the shopper's language. Pure: the server looks the order up and sends.

/** Where an order stands, in the words a shopper knows (the server's `OrderStatus`). */
export type OrderStatusWord =
  | 'unpaid'
  | 'to_ship'
  | 'shipped'
  | 'delivered'
  | 'completed'
  | 'cancelling'
  | 'cancelled'
  | 'return_refund'
  | 'returned'
  | 'delivery_failed'
  | 'unknown';

/** What a reply says of an order: the fields of the server's `OrderView` it reads. */
export interface OrderFacts {
  orderSn: string;
  status: OrderStatusWord;
  /** The platform's own status, said as it is when no shopper word fits. */
  platformStatus: string;
  /** ISO 8601: the seller's deadline to ship. */
  shipBy: string | null;
  expectedDelivery: { from: string; to: string } | null;
  tracking: {
    number: string | null;
    carrier: string | null;
    /** Newest first. */
    events: { at: string; description: string }[];
  };
}

interface Words {
  status: Record<Exclude<OrderStatusWord, 'unknown'>, (sn: string, carrier: string) => string>;
  unknown: (sn: string, platformStatus: string) => string;
  shipBy: (date: string) => string;
  tracking: (number: string) => string;
  noTracking: string;
  latest: (when: string, what: string) => string;
  expected: (from: string, to: string) => string;
  notFound: (sn: string) => string;
  askForOrder: string;
  locale: string;
}

const words: Record<Lang, Words> = {
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
    noTracking: 'It has no tracking number yet: the courier gives one when it collects the parcel.',
    latest: (when, what) => `Latest update (${when}): ${what}.`,
    expected: (from, to) => `Expected delivery: ${from === to ? from : `${from} to ${to}`}.`,
    notFound: (sn) =>
      `I couldn't find order ${sn} among your orders in this shop. Please check the number, or share the order card from your orders in this chat.`,
    askForOrder:
      "Could you send me your order number, or share the order card from your orders in this chat? I'll check it for you.",
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
    noTracking: 'Nombor penjejakan belum ada: kurier memberikannya apabila mengambil bungkusan.',
    latest: (when, what) => `Kemas kini terkini (${when}): ${what}.`,
    expected: (from, to) => `Jangkaan sampai: ${from === to ? from : `${from} hingga ${to}`}.`,
    notFound: (sn) =>
      `Saya tidak menjumpai pesanan ${sn} dalam pesanan anda di kedai ini. Sila semak nombor pesanan, atau kongsi kad pesanan anda dalam chat ini.`,
    askForOrder:
      'Boleh berikan nombor pesanan anda, atau kongsi kad pesanan anda dalam chat ini? Saya akan semakkan untuk anda.',
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
    noTracking: '目前还没有快递单号，快递员取件后才会生成。',
    latest: (when, what) => `最新物流（${when}）：${what}。`,
    expected: (from, to) => `预计送达：${from === to ? from : `${from}至${to}`}。`,
    notFound: (sn) => `在您于本店的订单中找不到订单${sn}。请核对订单号，或在聊天中发送您的订单卡片。`,
    askForOrder: '请提供您的订单号，或在聊天中发送您的订单卡片，我帮您查一下。',
    locale: 'zh-CN',
  },
};

/** Statuses whose answer carries the parcel's tracking number and latest step. */
const parcelStatuses: OrderStatusWord[] = ['shipped', 'delivered', 'completed', 'delivery_failed'];

/**
 * One reply about an order: its status in words a shopper knows, then (once shipped) the tracking
 * number and the carrier's latest step, and the date the platform gives (ship-by while waiting to
 * ship, the delivery estimate while on the way). Dates in the shop's time zone. Asked for its
 * tracking number before it has one, the reply says so.
 */
export function orderStatusReply(
  order: OrderFacts,
  language: Lang,
  options: { kind?: OrderQuestionKind; timeZone?: string } = {},
): string {
  const w = words[language];
  const timeZone = options.timeZone ?? 'Asia/Kuala_Lumpur';
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
    if (latest) parts.push(w.latest(moment(latest.at), latest.description.trim().replace(/[.。]$/, '')));
  }
  if (options.kind === 'tracking' && !tracking.number && (status === 'to_ship' || status === 'shipped'))
    parts.push(w.noTracking);
  if (status === 'shipped' && order.expectedDelivery)
    parts.push(w.expected(day(order.expectedDelivery.from), day(order.expectedDelivery.to)));
  return parts.join(language === 'zh' ? '' : ' ');
}

/** The same reply for an unknown number and for another buyer's or shop's order. */
export const orderNotFoundReply = (language: Lang, orderSn: string) => words[language].notFound(orderSn);

/** An order question that names no order and has no order card in the chat. */
export const askForOrderReply = (language: Lang) => words[language].askForOrder;

// --- which order, and what to do ------------------------------------------------------------------

/**
 * What the bot does with an order question. `rest`: the message's other questions (not about the
 * order), for the engine to answer in the same reply.
 */
export type OrderPlan = (
  | { action: 'lookup'; question: OrderQuestion & { orderNumber: string }; language: Lang }
  | { action: 'ask'; question: OrderQuestion; language: Lang }
  | { action: 'handover'; question: OrderQuestion; language: Lang }
) & { rest?: string };

const LOOKUP_KINDS: OrderQuestionKind[] = ['status', 'where', 'ships_when', 'tracking'];

/** Turns looked back over for an order card or number. */
const RECENT_TURNS = 8;

// Payment words say "paid" in a status question ("paid 3 days ago, still not shipped") but ask how
// to pay in a chat that merely holds an order card ("boleh bayar COD?"): read without them there.
const PAYMENT_WORDS = /\b(?:paid|pay|bayar|payment|pembayaran)\b|付款|付了/gi;

/** A message that is only an order number ("270112ABCD1234", "#1034567890123"). */
const ONLY_A_NUMBER_PATTERN =
  /^(?:order\s*|pesanan\s*|订单号?\s*)?(?:no\.?\s*|number\s*)?[#:：]?\s*([0-9][0-9A-Z]{5,31})\s*[.。!]?$/i;
/** Longer than any "order no. #..." line: such text is not only a number (and is not matched at all). */
const ONLY_A_NUMBER_MAX = 64;
function onlyANumber(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length > ONLY_A_NUMBER_MAX) return undefined;
  return ONLY_A_NUMBER_PATTERN.exec(trimmed)?.[1];
}

/**
 * About the shopper's own order, and not how-to or a problem the shop's texts explain ("how do I
 * track", "tracking not updated"): the engine's own test for a "where is it" question.
 */
const aboutOwnOrder = (text: string) => needsOrderLookup(text, { kind: 'where' });

// "What is your refund policy?" asks about the shop's rules, whatever order the chat holds.
const RULES = /\b(?:policy|policies|polisi|dasar|terms|syarat)\b|政策|规定|条款/i;

/** In a chat about an order (its card shared), the message read as being about that order. */
function inOrderContext(message: string): OrderQuestion | undefined {
  if (RULES.test(message)) return undefined;
  const framed = `my order: ${message.replace(PAYMENT_WORDS, ' ')}`;
  const question = classifyOrderQuestion(framed);
  if (!question || !aboutOwnOrder(framed)) return undefined;
  const { orderNumber: _, ...kind } = question;
  return kind;
}

/** The order the recent turns are about: the latest card shared, else the latest number a shopper named. */
function orderInHistory(history: readonly HistoryTurn[]): string | undefined {
  const recent = history.slice(-RECENT_TURNS);
  for (let i = recent.length - 1; i >= 0; i--) {
    const turn = recent[i]!;
    if (turn.orderId) return turn.orderId;
    if (turn.role !== 'shopper') continue;
    const named = classifyOrderQuestion(turn.text)?.orderNumber ?? onlyANumber(turn.text);
    if (named) return named.toUpperCase();
  }
  return undefined;
}

const ASKED = new Set(Object.values(words).map((w) => w.askForOrder));

/**
 * The question the bot asked an order for, when its last turn did: the shopper's answer (a card, a
 * bare number) is looked up for it.
 */
function pendingQuestion(history: readonly HistoryTurn[]): OrderQuestion | undefined {
  const bot = history.findLastIndex((t) => t.role !== 'shopper');
  if (bot < 0 || !ASKED.has(history[bot]!.text)) return undefined;
  const asked = history.slice(0, bot).findLast((t) => t.role === 'shopper' && t.text.trim());
  const question = asked && (classifyOrderQuestion(asked.text) ?? inOrderContext(asked.text));
  return { kind: question?.kind ?? 'status' };
}

/**
 * Whether a shopper's message is an order question the bot answers from the platform, and how:
 * look up the order it names, the order card shared with it or earlier in the chat; ask for the
 * order when it names none; hand over what the bot may not do (cancel, refund, change the address).
 * Null: not an order question of the shopper's own order, or one for a person (asked for one,
 * upset): the engine answers it.
 */
export function planOrderAnswer(
  text: string,
  given: { history?: readonly HistoryTurn[]; orderCard?: string | undefined },
): OrderPlan | null {
  const message = analysedText(text);
  const context = { ...given, ...(given.history ? { history: analysedHistory(given.history) } : {}) };
  const plan = planOne(message, context);
  if (!plan || !message.trim()) return plan;
  // "Where is my order? And is XL in stock?": the order answered here, the rest by the engine.
  const parts = splitQuestions(message);
  if (parts.length < 2) return plan;
  const others = parts.filter((part) => planOne(part, context) === null);
  return others.length > 0 && others.length < parts.length ? { ...plan, rest: others.join(' ') } : plan;
}

function planOne(
  message: string,
  context: { history?: readonly HistoryTurn[]; orderCard?: string | undefined },
): OrderPlan | null {
  const history = context.history ?? [];
  const language = replyLanguage(message, [...history], false);
  const card = context.orderCard?.trim().toUpperCase() || undefined;

  if (!message.trim() || onlyANumber(message) !== undefined) {
    // A card or a bare number: an answer to the bot's request for the order, or nothing to answer.
    const pending = pendingQuestion(history);
    const orderNumber = card ?? onlyANumber(message)?.toUpperCase();
    if (!pending || !orderNumber) return null;
    const lang = replyLanguage(message, [...history], true);
    if (LOOKUP_KINDS.includes(pending.kind))
      return { action: 'lookup', question: { ...pending, orderNumber }, language: lang };
    return { action: 'handover', question: { ...pending, orderNumber }, language: lang };
  }

  const signals = detectHandoverSignals(message);
  if (decideHandover({ askedForHuman: signals.askedForHuman, anger: signals.anger }, 1, 0)) return null;

  const direct = classifyOrderQuestion(message);
  const shared = card ?? orderInHistory(history);
  const question = direct ?? (shared ? inOrderContext(message) : undefined);
  if (!question) return null;
  const named = question.orderNumber;
  // An order in the chat counts for a question about one's own order, not for a how-to question.
  const contextual = shared && (direct === undefined || aboutOwnOrder(`my order: ${message}`));
  const orderNumber = named ?? (contextual ? shared : undefined);

  if (LOOKUP_KINDS.includes(question.kind)) {
    if (orderNumber) return { action: 'lookup', question: { ...question, orderNumber }, language };
    if (needsOrderLookup(message, question)) return { action: 'ask', question, language };
    return null;
  }
  if (orderNumber || aboutOwnOrder(message))
    return {
      action: 'handover',
      question: { ...question, ...(orderNumber ? { orderNumber } : {}) },
      language,
    };
  return null;
}
