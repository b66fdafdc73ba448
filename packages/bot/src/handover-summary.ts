import { type AnswerType, askedTypes } from './answer-type.ts';
import { glossOf } from './facts.ts';
import { detectLanguage } from './language.ts';
import { splitQuestions } from './split.ts';
import type { HandoverReason, HistoryTurn, Lang } from './types.ts';

/**
 * What the person taking over a chat reads first (issue 28.5): the shopper's questions a line each,
 * each with a gloss in the merchant's language where the engine can make one (the kind of answer
 * asked for, and the lexicon's concepts of the question), the product or order in context, what the
 * bot answered, and why it handed over. Pure: the server passes the turns it already loaded.
 */
export interface HandoverSummaryInput {
  /** Earlier turns, oldest first (as the engine receives them). */
  history: HistoryTurn[];
  /** The shopper's message the bot handed over on. */
  question: string;
  /** A product or order card of that message. */
  productId?: string;
  orderId?: string;
  /** The bot's reply to it (its handover message), when it sent one. */
  reply?: string;
  reason: HandoverReason;
  /** The merchant's language (the dashboard's: English). */
  merchantLanguage?: Lang;
  /** Questions and answers listed at most (newest kept). */
  maxQuestions?: number;
  maxAnswers?: number;
}

export interface HandoverSummaryLines {
  /** The shopper's language, read from their messages. */
  language: Lang;
  questions: { text: string; gloss: string | null }[];
  productId: string | null;
  orderId: string | null;
  botAnswers: string[];
  reason: HandoverReason;
}

/** The kinds of answer a question asks for, in the merchant's words. */
const ASKED: Record<Lang, Record<AnswerType, string>> = {
  en: {
    price: 'price',
    span: 'how long',
    clock: 'what time',
    when: 'which day',
    count: 'how many',
    place: 'where',
  },
  ms: {
    price: 'harga',
    span: 'berapa lama',
    clock: 'pukul berapa',
    when: 'hari apa',
    count: 'berapa banyak',
    place: 'di mana',
  },
  zh: { price: '价格', span: '多久', clock: '几点', when: '哪天', count: '多少', place: '哪里' },
};
const GLOSS_WORDS = 5;

/** A question's gloss in `lang`: what it asks for and what about; null when the engine finds neither. */
export function glossQuestion(text: string, lang: Lang): string | null {
  const asked = [...askedTypes(text)].map((t) => ASKED[lang][t]);
  const about = glossOf(text, lang, GLOSS_WORDS);
  const words = [...new Set([...asked, ...about])];
  return words.length ? words.join(' · ') : null;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

export function handoverSummary(input: HandoverSummaryInput): HandoverSummaryLines {
  const merchant = input.merchantLanguage ?? 'en';
  const maxQuestions = input.maxQuestions ?? 5;
  const maxAnswers = input.maxAnswers ?? 3;
  const shopperTexts = [
    ...input.history.filter((t) => t.role === 'shopper').map((t) => t.text),
    input.question,
  ]
    .map(squeeze)
    .filter((t) => t !== '');
  const language = detectLanguage(shopperTexts.join(' '), 'en');
  // A message of several questions is a line per question; the same question asked twice, once.
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const text of shopperTexts) {
    for (const part of splitQuestions(text)) {
      const line = squeeze(part);
      const key = line
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
      if (!key || seen.has(key)) continue;
      seen.add(key);
      lines.push(line);
    }
  }
  const questions = lines.slice(-maxQuestions).map((text) => ({
    text,
    // In the merchant's language only when the shopper wrote in another (else the line says it).
    gloss: detectLanguage(text, language) === merchant ? null : glossQuestion(text, merchant),
  }));
  const lastWith = (key: 'productId' | 'orderId') =>
    [...input.history].reverse().find((t) => t[key])?.[key] ?? null;
  const botAnswers = [
    ...input.history.filter((t) => t.role === 'bot').map((t) => t.text),
    ...(input.reply ? [input.reply] : []),
  ]
    .map(squeeze)
    .filter((t) => t !== '')
    .slice(-maxAnswers);
  return {
    language,
    questions,
    productId: input.productId ?? lastWith('productId'),
    orderId: input.orderId ?? lastWith('orderId'),
    botAnswers,
    reason: input.reason,
  };
}
