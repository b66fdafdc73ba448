import { bm25Idf, formatPrice, type Passage, type ShopIndex } from './index-builder.ts';
import { foreignLeadIn, PRICE_LABEL } from './messages.ts';
import { type Query, type Retrieval, rangeHits } from './retrieval.ts';
import { analyze, normalizeText, segment } from './tokenize.ts';
import type { Intent, Lang } from './types.ts';

// The offline composer: no model, no network. It answers with the best-supported sentences of the best
// passage (not the whole document), in their original order, trimmed on sentence boundaries to a
// chat-sized reply. A passage written in another language than the shopper's is introduced by a short
// lead-in in the shopper's language, since it cannot be translated here.

export const DEFAULT_MAX_CHARS = 350;

export interface Composition {
  text: string;
  /** Passage keys the text was taken from. */
  usedKeys: number[];
}

// --- greetings and thanks ----------------------------------------------------------------------------

const GREETING_WORDS = new Set(
  'hi hello hey helo hai hallo hiya yo morning afternoon evening good selamat pagi petang malam tengahari salam assalamualaikum assalammualaikum salaam howdy greetings'.split(
    ' ',
  ),
);
const THANKS_WORDS = new Set(
  'thanks thank thx tq ty tqvm tqsm terima kasih appreciate appreciated noted ok okay okey alright baik faham bye goodbye cheers great awesome perfect nice cool'.split(
    ' ',
  ),
);
const FILLER_WORDS = new Set(
  'you u so much very lot a for the help your there admin boss sis bro dear shop team all everyone de ya yea yes lah la ah again kak abang encik cik tuan puan sir madam it that and banyak byk sangat ye'.split(
    ' ',
  ),
);
const ZH_GREETING = /你好|您好|哈喽|哈啰|嗨|早安|早上好|午安|下午好|晚上好|在吗|在不在|老板/g;
const ZH_THANKS = /谢谢|多谢|感谢|谢啦|谢了|好的|明白|了解|知道了|拜拜|再见|没问题/g;
const ZH_FILLER = /[的了啊呀哦喔你您们啦嗯哈]/g;

/** 'greeting' or 'thanks' when the message is only that (no question in it); otherwise 'question'. */
export function detectSmallTalk(text: string): Intent {
  const lower = normalizeText(text);
  let greeting = false;
  let thanks = false;
  const afterGreeting = lower.replace(ZH_GREETING, ' ');
  if (afterGreeting !== lower) greeting = true;
  const afterThanks = afterGreeting.replace(ZH_THANKS, ' ');
  if (afterThanks !== afterGreeting) thanks = true;
  const rest = afterThanks.replace(ZH_FILLER, ' ');
  for (const seg of segment(rest)) {
    if (seg.kind === 'han') return 'question';
    for (const w of seg.words) {
      if (GREETING_WORDS.has(w)) greeting = true;
      else if (THANKS_WORDS.has(w)) thanks = true;
      else if (!FILLER_WORDS.has(w)) return 'question';
    }
  }
  if (thanks) return 'thanks';
  if (greeting) return 'greeting';
  return 'question';
}

// --- extracts ----------------------------------------------------------------------------------------

interface Unit {
  text: string;
  line: number;
  skip: boolean;
  heading: boolean;
  /** The section title the unit sits under, if any. */
  section?: string;
  score: number;
}

const SPEAKER_LINE =
  /^(?:customer|client|user|shopper|buyer|q|question|pelanggan|soalan|问|客户|顾客)\s*[:：]/i;
const ANSWER_LABEL = /^(?:answer|a|reply|jawapan|balas|答|回答|回复)\s*[:：]\s*/i;
const SENTENCE_END = /[.!?。！？]+(?=\s|$)|[。！？]+/g;

function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  text.split(/\r?\n/).forEach((rawLine, line) => {
    let l = rawLine.trim();
    if (!l) return;
    const speaker = SPEAKER_LINE.test(l);
    l = l.replace(ANSWER_LABEL, '');
    const pieces: string[] = [];
    let start = 0;
    for (const m of l.matchAll(SENTENCE_END)) {
      const end = (m.index ?? 0) + m[0].length;
      const piece = l.slice(start, end).trim();
      // Keep list numbers ("1.") and abbreviations ("No.") with what follows.
      if (/^(?:\d{1,2}|[a-z])\.$/i.test(piece) || /\b(?:no|mr|ms|dr|jln|min|lot)\.$/i.test(piece)) continue;
      if (piece) pieces.push(piece);
      start = end;
    }
    const rest = l.slice(start).trim();
    if (rest) pieces.push(rest);
    for (const piece of pieces) {
      // A section title: short, no full stop, no field separators, no figures beyond a list number.
      const heading =
        piece.length <= 60 &&
        !/[.!?。！？:：;；]/.test(piece.replace(/^\d{1,2}\.\s/, '')) &&
        !/\d/.test(piece.replace(/^\d{1,2}\.\s/, '')) &&
        piece.split(/\s+/).length <= 6;
      const section = heading ? undefined : [...units].reverse().find((u) => u.heading)?.text;
      units.push({
        text: piece,
        line,
        skip: speaker || /[?？]$/.test(piece),
        heading,
        ...(section ? { section } : {}),
        score: 0,
      });
    }
  });
  return units;
}

function scoreText(index: ShopIndex, query: Query, text: string): number {
  let score = 0;
  for (const term of analyze(text).terms.keys()) {
    const w = query.terms.get(term);
    if (w) score += w * bm25Idf(index.bm25, term);
  }
  return score + RANGE_BONUS * rangeHits(query.text, text);
}

const RANGE_BONUS = 2;
const SECTION_SHARE = 0.5;

/** Cuts a text to at most `max` characters, on a sentence, then a clause, then a word boundary. */
export function trimToLength(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const head = t.slice(0, max);
  const sentence = Math.max(
    ...[...head.matchAll(/[.!?。！？](?=\s|$)|[。！？]/g)].map((m) => (m.index ?? 0) + m[0].length),
    0,
  );
  if (sentence >= max * 0.5) return head.slice(0, sentence).trim();
  const clause = Math.max(
    head.lastIndexOf(', '),
    head.lastIndexOf('; '),
    head.lastIndexOf('，'),
    head.lastIndexOf('；'),
  );
  if (clause >= max * 0.5) return `${head.slice(0, clause).trim()}…`;
  const word = head.lastIndexOf(' ');
  return `${(word >= max * 0.5 ? head.slice(0, word) : head.slice(0, max - 1)).trim()}…`;
}

function joinUnits(units: Unit[]): string {
  let out = '';
  let prev: Unit | undefined;
  for (const u of units) {
    if (prev) {
      const cjk = /[\u3000-\u9fff]$/.test(out);
      // Lines without a full stop (an address, table rows) keep their line breaks.
      const open = prev.line !== u.line && !/[.!?。！？:：;；,，]$/.test(prev.text);
      out += open ? '\n' : cjk ? '' : ' ';
    }
    out += u.text;
    prev = u;
  }
  return out;
}

// Acknowledgements carry no facts ("I understand that you want to cancel order 123."): they echo the
// question, so they would win on overlap alone.
const FILLER =
  /^(?:i understand|i'm here|i am here|i'd be (?:happy|glad)|i'm (?:happy|glad|sorry)|i can help|i can see|thank you|thanks for|we apologi[sz]e|i apologi[sz]e|sorry|sure\b|of course|certainly|no problem|absolutely|great question|glad|don't worry|rest assured|let's|let me|i see|i hear|we understand|we're here|we are here|terima kasih|maaf|baiklah|谢谢|不好意思|抱歉|明白)/i;

/** The first lines of the following chunk (a list a sentence introduced), within `budget` characters. */
function continuationUnits(continuation: string, budget: number, introducer: string): Unit[] {
  const out: Unit[] = [];
  let used = 0;
  for (const u of unitsOf(continuation)) {
    if (u.skip || u.heading || u.text === introducer) continue;
    if (used + u.text.length + 1 > budget) break;
    out.push({ ...u, line: u.line + 100000 });
    used += u.text.length + 1;
  }
  return out;
}

/**
 * The best-supported sentences of a passage text, within `max` characters. `continuation` is the text
 * that follows the passage (the next chunk of its file), used when the best sentence introduces a list
 * the passage does not hold.
 */
export function extract(
  index: ShopIndex,
  query: Query,
  text: string,
  max: number,
  continuation?: string,
): string {
  const units = unitsOf(text);
  const usable = units.filter((u) => !u.skip);
  const pool = usable.length > 0 ? usable : units;
  if (pool.length === 0) return '';
  // A sentence under a section title that matches the question ("7. Cloth diapers") gains from it.
  const sectionScores = new Map<string, number>();
  for (const u of pool) {
    const own = scoreText(index, query, u.text) * (FILLER.test(u.text) ? 0.2 : 1);
    let section = 0;
    if (u.section) {
      section = sectionScores.get(u.section) ?? scoreText(index, query, u.section);
      sectionScores.set(u.section, section);
    }
    u.score = own > 0 ? own + SECTION_SHARE * section : 0;
  }
  // A short passage is one answer: keep it whole, without a leading section title.
  const body = pool.length > 1 && pool[0]!.heading ? pool.slice(1) : pool;
  const whole = joinUnits(body);
  if (whole.length <= max && pool.length === units.length) {
    if (!continuation || !/[:：]$/.test(whole)) return whole;
    return joinUnits([
      ...body,
      ...continuationUnits(continuation, max - whole.length - 1, body.at(-1)!.text),
    ]);
  }

  // The best sentence; a heading only when nothing else matches.
  let best = pool.find((u) => !u.heading) ?? pool[0]!;
  for (const u of pool) if (!u.heading && u.score > best.score) best = u;
  if (best.score === 0) for (const u of pool) if (u.score > best.score) best = u;
  const chosen = new Set<Unit>([best]);
  let length = best.text.length;
  const fits = (u: Unit) => length + u.text.length + 2 <= max;

  // A sentence ending with a colon introduces the lines after it (an address, a list).
  const tail: Unit[] = [];
  if (/[:：]$/.test(best.text)) {
    for (let i = pool.indexOf(best) + 1; i < pool.length && fits(pool[i]!); i++) {
      chosen.add(pool[i]!);
      length += pool[i]!.text.length + 2;
    }
    if (pool.indexOf(best) === pool.length - 1 && continuation) {
      tail.push(...continuationUnits(continuation, max - length - 1, best.text));
    }
  }
  const rest = pool.filter((u) => !chosen.has(u) && !u.heading).sort((a, b) => b.score - a.score);
  for (const u of rest) {
    if (u.score < best.score * 0.6 || u.score === 0) break;
    if (fits(u)) {
      chosen.add(u);
      length += u.text.length + 2;
    }
  }
  const ordered = pool.filter((u) => chosen.has(u));
  return trimToLength(joinUnits([...ordered, ...tail]), max);
}

/** The sentence of a passage that best matches the message, for a source's excerpt. */
export function bestSentence(index: ShopIndex, query: Query, passage: Passage, max = 160): string {
  return extract(index, query, passage.text, max);
}

function productBody(index: ShopIndex, query: Query, passage: Passage, language: Lang, max: number): string {
  if (passage.productInfo) return extract(index, query, passage.text, max);
  const product = index.products.get(passage.id);
  const price = product ? formatPrice(product) : undefined;
  const priceText = price ? ` ${PRICE_LABEL[language]}: ${price}.` : '';
  const stockText =
    product?.stock !== undefined && product.stock <= 0
      ? language === 'ms'
        ? ' Stok habis buat masa ini.'
        : language === 'zh'
          ? ' 目前缺货。'
          : ' Currently out of stock.'
      : '';
  const head = `${passage.title ?? passage.id}: `;
  const budget = Math.max(80, max - head.length - priceText.length - stockText.length);
  return `${head}${extract(index, query, passage.text, budget)}${priceText}${stockText}`;
}

export interface OfflineComposeInput {
  index: ShopIndex;
  retrieval: Retrieval;
  language: Lang;
  maxChars?: number;
}

export function composeOffline({
  index,
  retrieval,
  language,
  maxChars = DEFAULT_MAX_CHARS,
}: OfflineComposeInput): Composition {
  const top = retrieval.ranked[0];
  if (!top) return { text: '', usedKeys: [] };
  const passage = top.passage;
  const lead = passage.lang !== language ? `${foreignLeadIn(language, passage.lang)} ` : '';
  const budget = maxChars - lead.length;
  const body =
    passage.kind === 'product'
      ? productBody(index, retrieval.query, passage, language, budget)
      : extract(index, retrieval.query, passage.text, budget, continuationOf(index, passage));
  return { text: `${lead}${body}`, usedKeys: [passage.key] };
}

function continuationOf(index: ShopIndex, passage: Passage): string | undefined {
  const next = index.nextChunk.get(passage.key);
  return next === undefined ? undefined : index.passages[next]?.text;
}
