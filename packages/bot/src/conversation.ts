import { analysedHistory, analysedText } from './analysed-text.ts';
import type { ShopIndex } from './index-builder.ts';
import { detectLanguage, languageScores } from './language.ts';
import { analyzeQuery, namedProduct } from './retrieval.ts';
import type { HistoryTurn, Lang } from './types.ts';

// What the conversation so far tells about a new message: the language the shopper writes in (so
// "ok" or "thanks" from a Chinese-speaking shopper is answered in Chinese) and the product it is
// about (a card shared, or a product named a few turns ago, so "XL berapa?" keeps its subject).

const RECENT_TURNS = 6;

function markerWeight(text: string): number {
  const s = languageScores(text);
  return s.ms + s.en + (s.zh > 0 ? 4 * s.zh : 0);
}

/** The language of the shopper's recent messages that say something about it. */
export function conversationLanguage(history: HistoryTurn[] | undefined): Lang | undefined {
  const shopper = (history ?? []).filter((h) => h.role === 'shopper').slice(-RECENT_TURNS);
  for (let i = shopper.length - 1; i >= 0; i--) {
    const text = shopper[i]!.text;
    if (markerWeight(text) >= 2) return detectLanguage(text);
  }
  return undefined;
}

/**
 * The reply language: a question's own language when it says enough; otherwise (and always for
 * greetings, thanks and handover texts written with a word or two) the conversation's.
 */
export function replyLanguage(text: string, turns: HistoryTurn[] | undefined, smallTalk: boolean): Lang {
  const message = analysedText(text);
  const history = turns && analysedHistory(turns);
  const previous = conversationLanguage(history);
  const own = detectLanguage(message, previous ?? 'en');
  if (!previous) return own;
  const weight = markerWeight(message);
  if (weight === 0) return previous;
  if (smallTalk && weight <= 4 && languageScores(message).zh === 0) return previous;
  return own;
}

/** The product the conversation is about: the latest card shared, or one the shopper named recently. */
export function productInHistory(index: ShopIndex, history: HistoryTurn[] | undefined): string | undefined {
  const recent = (history ?? []).slice(-RECENT_TURNS);
  for (let i = recent.length - 1; i >= 0; i--) {
    const turn = recent[i]!;
    if (turn.productId && index.products.has(turn.productId)) return turn.productId;
    if (turn.role !== 'shopper') continue;
    const named = namedProduct(index, analyzeQuery(index, turn.text));
    if (named && named.strength >= 0.5) return named.productId;
  }
  return undefined;
}
