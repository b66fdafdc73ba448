import { analysedText } from './analysed-text.ts';
import { type AnswerType, answersType, askedTypes } from './answer-type.ts';
import { bm25Idf, type Passage, type ShopIndex } from './index-builder.ts';
import { detectLanguage } from './language.ts';
import { routeTopics, scoreBm25, type TopicScore } from './routing.ts';
import {
  analyze,
  CONCEPT_PREFIX,
  isCommonWord,
  isConcept,
  isGloss,
  isHanUnigram,
  isHanWordOf,
} from './tokenize.ts';
import type { HistoryTurn } from './types.ts';

// Retrieval: one BM25 pass over every passage of the shop, then a blend of
//   the passage's BM25 (normalized to the best one),
//   its aspect coverage: the idf-weighted share of the message's aspects it contains, where an aspect
//     is a lexicon concept together with the words that expressed it, or a word outside the lexicon,
//     so a fact written in another language counts as fully as one written in the shopper's;
//   the routing score of its topic (topic knowledge written by the merchant is preferred when it is
//     about as relevant as a file chunk);
//   the product carried by the message or named in it;
//   and, when the index has been embedded, the cosine similarity of the message and the passage.
// The best passage's aspect coverage is the confidence.

export interface Aspect {
  terms: string[];
  weight: number;
}

export interface Query {
  text: string;
  /** term -> weight, for BM25. */
  terms: Map<string, number>;
  /** What the message asks about, for coverage and confidence. */
  aspects: Aspect[];
  /** Latin words after chat normalization and spelling repair. */
  words: string[];
  /** The kinds of answer asked for ("how long" asks a span of time); a short follow-up keeps the last question's. */
  asks: Set<AnswerType>;
}

export interface RankedPassage {
  passage: Passage;
  score: number;
  bm25: number;
  /** 0..1: the weighted share of the message's aspects found in the passage. */
  coverage: number;
}

export interface Retrieval {
  query: Query;
  ranked: RankedPassage[];
  topics: TopicScore[];
  /** 0..1 */
  confidence: number;
  /** The product the message is about: carried by it, or clearly named in it. */
  productId?: string;
}

export interface RetrieveOptions {
  productId?: string;
  history?: HistoryTurn[];
  /** Embedding of the message (same model as `index.vectors`). */
  queryVector?: number[];
  limit?: number;
}

const WEIGHT_CONCEPT = 0.8;
/** A dictionary gloss: evidence across languages, weaker than the words themselves. */
const WEIGHT_GLOSS = 0.5;
const WEIGHT_HAN_UNIGRAM = 0.3;
const WEIGHT_HISTORY = 0.25;
const BM25_SHARE = 0.45;
const COVERAGE_SHARE = 0.55;
const ROUTE_BONUS = 0.3;
const CARRIED_PRODUCT_BONUS = 0.45;
const NAMED_PRODUCT_BONUS = 0.6;
const VECTOR_WEIGHT = 0.5;
const RANGE_WEIGHT = 0.1;
/** A passage that can give the kind of answer asked for (a price for "how much"), as far as it covers the question. */
const ANSWER_TYPE_BONUS = 0.3;
/** A product named this clearly is the one the message is about, whatever the conversation carried. */
const FOCUS_STRENGTH = 0.6;
/** An unknown word (the shop never uses it) weighs this share of the rarest word's idf. */
const OOV_WEIGHT = 0.5;
const COMMON_OOV_WEIGHT = 0.25;
const HAN_CHAR_ASPECT = 0.5;
const COMMON_WORD_ASPECT = 0.5;
/**
 * A language whose best passage barely matches is not lifted above this share of the best match
 * in any language: a fact in another language shares few words with the question, but a passage
 * that shares almost none is not made its language's champion.
 */
const LANGUAGE_FLOOR = 0.3;
const HAN_BIGRAM = /^\p{Script=Han}{2}$/u;
const HAN_CHAR = /\p{Script=Han}/u;
const HAN_PIECE = /^\p{Script=Han}{1,2}$/u;
const DESTINATION = `${CONCEPT_PREFIX}destination`;
const PRICE = `${CONCEPT_PREFIX}price`;

function termWeight(term: string): number {
  if (isConcept(term)) return WEIGHT_CONCEPT;
  if (isGloss(term)) return WEIGHT_GLOSS;
  if (isHanUnigram(term)) return WEIGHT_HAN_UNIGRAM;
  return 1;
}

function queryTerms(index: ShopIndex, text: string, correct: (w: string) => string[] | undefined) {
  const a = analyze(text, { correct });
  const terms = new Map<string, number>();
  // How many Chinese bigrams spell each concept: they overlap, and share the concept's voice.
  const bigramsPerConcept = new Map<string, number>();
  for (const [term, concepts] of a.lexical) {
    if (!HAN_BIGRAM.test(term)) continue;
    for (const c of concepts) bigramsPerConcept.set(c, (bigramsPerConcept.get(c) ?? 0) + 1);
  }
  for (const term of a.terms.keys()) {
    // A long number is one shopper's order, phone or invoice number, not something the shop wrote.
    if (/^\d{6,}$/.test(term)) continue;
    let weight = termWeight(term);
    // A lexicon word weighs no more than its concept: "宝宝" is rare among the passages written in
    // Chinese but common in a baby shop, and the concept's statistics see every language.
    const concepts = a.lexical.get(term);
    if (concepts) {
      const idf = bm25Idf(index.bm25, term);
      const conceptIdf = Math.min(...[...concepts].map((c) => bm25Idf(index.bm25, c)));
      if (idf > conceptIdf) weight *= conceptIdf / idf;
      if (isHanUnigram(term)) weight = 0;
      else if (HAN_BIGRAM.test(term)) {
        weight /= Math.max(...[...concepts].map((c) => bigramsPerConcept.get(c) ?? 1));
      }
    }
    terms.set(term, weight);
  }
  return { analysis: a, terms };
}

/** Aspect weights grow with rarity, but slowly: one rare word must not decide the whole coverage. */
function damp(idf: number): number {
  return Math.sqrt(Math.max(0, idf));
}

function aspectsOf(
  index: ShopIndex,
  terms: Map<string, number>,
  lexical: Map<string, Set<string>>,
  scale: number,
  glosses: Map<string, string[]> = new Map(),
) {
  const aspects: Aspect[] = [];
  const maxIdf = Math.log(1 + (index.bm25.docCount + 0.5) / 0.5);
  // A glossed Chinese word is one aspect, said by its characters' bigrams or by its English gloss in a
  // passage of another language; its characters are not aspects of their own.
  const inGlossedWord = new Set<string>();
  for (const [word, gloss] of glosses) {
    if (!HAN_CHAR.test(word) || !gloss.some((g) => terms.has(g))) continue;
    const own: string[] = [];
    for (let i = 0; i < word.length; i++) {
      inGlossedWord.add(word[i]!);
      if (i + 1 < word.length) own.push(word.slice(i, i + 2));
    }
    const members = [...own.filter((t) => terms.has(t)), ...gloss];
    const idf = Math.max(
      0,
      ...members.filter((t) => index.bm25.postings.has(t)).map((t) => bm25Idf(index.bm25, t)),
    );
    if (idf > 0) aspects.push({ terms: members, weight: scale * damp(idf) });
    for (const t of own) inGlossedWord.add(t);
  }
  const byConcept = new Map<string, string[]>();
  for (const term of terms.keys()) if (isConcept(term)) byConcept.set(term, [term]);
  for (const [surface, concepts] of lexical) {
    // A piece of a Chinese word ("付款" of "货到付款") does not say the concept by itself.
    const han = HAN_PIECE.test(surface);
    for (const c of concepts) if (!han || isHanWordOf(surface, c)) byConcept.get(c)?.push(surface);
  }
  for (const [concept, members] of byConcept) {
    const known = members.some((t) => index.bm25.postings.has(t));
    const idf = bm25Idf(index.bm25, concept);
    // A concept the shop never mentions counts like an unknown word.
    aspects.push({ terms: members, weight: scale * damp(known ? idf : Math.min(idf, OOV_WEIGHT * maxIdf)) });
  }
  for (const term of terms.keys()) {
    if (isConcept(term) || isGloss(term) || lexical.has(term) || inGlossedWord.has(term)) continue;
    // An English word a Chinese passage may say through its gloss.
    const gloss = glosses.get(term)?.filter((g) => index.bm25.postings.has(g)) ?? [];
    if (gloss.length) {
      const idf = Math.max(
        bm25Idf(index.bm25, gloss[0]!),
        index.bm25.postings.has(term) ? bm25Idf(index.bm25, term) : 0,
      );
      aspects.push({
        terms: [term, ...gloss],
        weight: scale * damp(idf) * (isCommonWord(term) ? COMMON_WORD_ASPECT : 1),
      });
      continue;
    }
    const df = index.bm25.postings.get(term)?.docs.length ?? 0;
    if (isHanUnigram(term)) {
      // Chinese has no spaces to find unknown words by: a character outside every lexicon word is
      // a small aspect of its own, so "今天天气怎么样" is not explained by "天" (day) alone.
      aspects.push({
        terms: [term],
        weight: scale * HAN_CHAR_ASPECT * damp(df > 0 ? bm25Idf(index.bm25, term) : maxIdf),
      });
      continue;
    }
    // An everyday word ("use", "get") says less about what is asked than a word of the trade.
    if (df > 0)
      aspects.push({
        terms: [term],
        weight: scale * damp(bm25Idf(index.bm25, term)) * (isCommonWord(term) ? COMMON_WORD_ASPECT : 1),
      });
    // A word the shop never uses is evidence the question is about something else; an everyday
    // word ("last", "year") is weaker evidence than an unusual one ("football", "iphone").
    else if (/^[a-z]{4,}$/.test(term)) {
      const weight = isCommonWord(term) ? COMMON_OOV_WEIGHT : OOV_WEIGHT;
      aspects.push({ terms: [], weight: scale * damp(weight * maxIdf) });
    }
  }
  return aspects;
}

// "order from Detroit", "deliver to Munich", "hantar ke Tawau": a capitalized word the shop does not
// know, after a preposition of place, names a destination.
const PLACE = /\b(?:from|to|in|at|into|ke|dari|di)\s+([A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})?)/g;

function markPlaces(
  index: ShopIndex,
  text: string,
  terms: Map<string, number>,
  lexical: Map<string, Set<string>>,
) {
  for (const m of text.matchAll(PLACE)) {
    const words = m[1]!.toLowerCase().split(/\s+/);
    if (words.some((w) => index.speller.known(w))) continue;
    terms.set(DESTINATION, termWeight(DESTINATION));
    for (const w of words) {
      const stemmed = analyze(w).terms;
      for (const t of stemmed.keys()) {
        if (isConcept(t)) continue;
        const set = lexical.get(t) ?? new Set<string>();
        set.add(DESTINATION);
        lexical.set(t, set);
      }
    }
  }
}

// Closed classes that frame a question rather than name its subject: the kind of answer asked for
// (time, price, place, stock) and the days and units it is counted in.
const FRAME_CONCEPTS = new Set(
  (
    'duration day working_day week month year hour price frequency location stock today tomorrow ' +
    'yesterday monday tuesday wednesday thursday friday saturday sunday public_holiday'
  )
    .split(' ')
    .map((c) => `${CONCEPT_PREFIX}${c}`),
);
// A slot a follow-up may fill or change while the subject stays: where to, which size or colour, how many.
const SLOT_CONCEPTS = new Set(
  'east_malaysia sabah sarawak west_malaysia overseas destination colour size pieces age height weight'
    .split(' ')
    .map((c) => `${CONCEPT_PREFIX}${c}`),
);

function isSlot(aspect: Aspect): boolean {
  const head = aspect.terms[0];
  return head !== undefined && SLOT_CONCEPTS.has(head);
}

/** A concept that names what a question is about (delivery, refund, warranty), not a frame or a slot. */
function isSubjectConcept(aspect: Aspect): boolean {
  const head = aspect.terms[0];
  return head !== undefined && isConcept(head) && !FRAME_CONCEPTS.has(head) && !SLOT_CONCEPTS.has(head);
}

export function analyzeQuery(index: ShopIndex, message: string, history?: HistoryTurn[]): Query {
  const text = analysedText(message);
  const correct = (w: string) => index.speller.correct(w);
  const { analysis, terms } = queryTerms(index, text, correct);
  markPlaces(index, text, terms, analysis.lexical);
  const aspects = aspectsOf(index, terms, analysis.lexical, 1, analysis.glosses);
  const content = aspects.filter((a) => a.terms.length > 0).length;
  const previous = history?.filter((h) => h.role === 'shopper').at(-1);
  let asks = askedTypes(text);
  if (previous && content <= 3) {
    if (asks.size === 0) asks = askedTypes(analysedText(previous.text));
    // A short follow-up ("how much?", "and to Sabah?") borrows, weakly, what the shopper asked just
    // before. A message with a subject of its own ("how long does delivery take?" after a question
    // about COD) starts a new subject: it borrows only the previous question's place, size or colour.
    const before = queryTerms(index, previous.text, correct);
    const newSubject = aspects.some(isSubjectConcept);
    const borrowed = aspectsOf(
      index,
      before.terms,
      before.analysis.lexical,
      WEIGHT_HISTORY,
      before.analysis.glosses,
    );
    const kept = new Set(
      borrowed.filter((a) => a.terms.length && (!newSubject || isSlot(a))).flatMap((a) => a.terms),
    );
    const added = new Map<string, number>();
    for (const [term, weight] of before.terms) {
      if (!terms.has(term) && (!newSubject || kept.has(term))) added.set(term, weight * WEIGHT_HISTORY);
    }
    for (const [term, weight] of added) terms.set(term, weight);
    aspects.push(
      ...aspectsOf(index, added, before.analysis.lexical, WEIGHT_HISTORY, before.analysis.glosses).filter(
        (a) => a.terms.length,
      ),
    );
  }
  return { text, terms, aspects, words: analysis.words, asks };
}

const RANGE = /(?<!\d)(\d+(?:\.\d+)?)\s*(?:-|–|~|to|hingga|至|到)\s*(\d+(?:\.\d+)?)/g;
// Only measurements: "118cm", "9 kg", "4 yrs", "8 bulan", "3岁" (not "5 pcs" or "RM450").
const MEASURE =
  /(?<!\d)(\d+(?:\.\d+)?)\s*(?:cm|mm|kg|g|ml|months?|mths?|m|years?|yrs?|yo|bulan|bln|tahun|thn|kilo|个月|岁|公斤|厘米|公分)(?![a-z])/gi;

/** Measurements in the question that fall inside a range of the text ("118cm" in "height cm: 116-122"). */
export function rangeHits(question: string, text: string): number {
  const numbers = [...question.matchAll(MEASURE)].map((m) => Number(m[1])).filter((n) => n > 0 && n < 100000);
  if (numbers.length === 0) return 0;
  let hits = 0;
  for (const m of text.matchAll(RANGE)) {
    const lo = Number(m[1]);
    const hi = Number(m[2]);
    if (lo < hi && numbers.some((n) => n >= lo && n <= hi)) hits++;
  }
  return hits;
}

function cosine(a: number[], b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length && i < b.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The weighted share of the query's aspects present in a passage. */
/**
 * The weighted share of the question's aspects a passage says. A dictionary gloss counts only for a
 * passage in another language than the question's (`glosses`): within one language the words speak.
 */
export function coverage(index: ShopIndex, query: Query, key: number, glosses = true): number {
  const docTerms = index.bm25.docTerms[key]!;
  let total = 0;
  let hit = 0;
  for (const aspect of query.aspects) {
    total += aspect.weight;
    if (aspect.terms.some((t) => docTerms.has(t) && (glosses || !isGloss(t)))) hit += aspect.weight;
  }
  return total > 0 ? hit / total : 0;
}

export function namedProduct(
  index: ShopIndex,
  query: Query,
): { productId: string; strength: number } | undefined {
  let best: { productId: string; strength: number } | undefined;
  let queryMass = 0;
  let conceptMass = 0;
  for (const [term, weight] of query.terms) {
    if (isGloss(term)) continue;
    const mass = weight * bm25Idf(index.bm25, term);
    if (!isConcept(term)) queryMass += mass;
    else if (index.bm25.postings.has(term)) conceptMass += mass;
  }
  if (queryMass + conceptMass === 0) return undefined;
  // Prices live in the product records: "婴儿车多少钱" (how much is the stroller) names the product by
  // its kind, in any language.
  const asksPrice = query.terms.has(PRICE);
  for (const [productId, nameTerms] of index.productNameTerms) {
    let nameMass = 0;
    let hit = 0;
    let conceptHit = 0;
    for (const term of nameTerms.keys()) {
      if (isHanUnigram(term)) continue;
      const idf = bm25Idf(index.bm25, term);
      const w = query.terms.get(term);
      if (isConcept(term)) {
        if (w) conceptHit += w * idf;
        continue;
      }
      // A name in another language than the message's is named through its dictionary gloss.
      if (isGloss(term)) {
        if (w) hit += w * idf;
        continue;
      }
      nameMass += idf;
      if (w) hit += w * idf;
    }
    // A variation the message names ("putih", "UV") points at its product too.
    let variationHit = 0;
    for (const term of index.productVariationTerms.get(productId) ?? []) {
      if (isHanUnigram(term) || isConcept(term) || isGloss(term)) continue;
      const w = query.terms.get(term);
      if (w) variationHit += w * bm25Idf(index.bm25, term);
    }
    if (hit > 0) hit += variationHit;
    if (nameMass === 0 || hit + conceptHit === 0) continue;
    // Strong when the message uses a good part of the name, or the name is most of the message.
    const strength = Math.max(
      hit / nameMass,
      queryMass > 0 ? (hit / queryMass) * 1.2 : 0,
      asksPrice && conceptMass > 0 ? conceptHit / conceptMass : 0,
    );
    if (!best || strength > best.strength) best = { productId, strength };
  }
  return best && best.strength >= 0.35 ? best : undefined;
}

export function retrieve(index: ShopIndex, message: string, options: RetrieveOptions = {}): Retrieval {
  const text = analysedText(message);
  const query = analyzeQuery(index, text, options.history);
  // Glosses carry a question to passages in other languages; within its own language the words speak.
  const language = detectLanguage(text);
  const withGlosses = scoreBm25(index.bm25, query.terms);
  const plainTerms = new Map([...query.terms].filter(([t]) => !isGloss(t)));
  const plain = plainTerms.size < query.terms.size ? scoreBm25(index.bm25, plainTerms) : withGlosses;
  const bm25 = withGlosses.map((v, key) => (index.passages[key]!.lang === language ? plain[key]! : v));
  const topics = routeTopics(index, query.terms, bm25);
  const route = new Map(topics.map((t) => [t.topic.id, t.categorization > 0 ? t.score : 0]));
  const maxBm25 = Math.max(...bm25, 0);
  const named = namedProduct(index, query);
  const carried = options.productId && index.products.has(options.productId) ? options.productId : undefined;
  // The product the message is about: one it clearly names, else the one carried by the conversation.
  // Other products' passages are left out, so their facts are never given for it.
  const focus = named && (named.strength >= FOCUS_STRENGTH || !carried) ? named.productId : carried;
  const strictFocus = focus !== undefined && (focus === carried || (named?.strength ?? 0) >= FOCUS_STRENGTH);

  // Lexical evidence is compared among passages written in the same language: a fact written only in
  // another language than the question's shares few words with it, whatever its relevance.
  const maxByLang = new Map<string, number>();
  for (const p of index.passages) {
    const v = bm25[p.key]!;
    if (v > (maxByLang.get(p.lang) ?? 0)) maxByLang.set(p.lang, v);
  }
  const hasNumbers = /\d/.test(text);
  const candidates: RankedPassage[] = [];
  for (const passage of index.passages) {
    if (strictFocus && passage.productIds && !passage.productIds.includes(focus!)) continue;
    const s = bm25[passage.key]!;
    const cov = s > 0 ? coverage(index, query, passage.key, passage.lang !== language) : 0;
    const langMax = Math.max(maxByLang.get(passage.lang) ?? 0, maxBm25 * LANGUAGE_FLOOR);
    let score = langMax > 0 ? BM25_SHARE * (s / langMax) + COVERAGE_SHARE * cov : 0;
    // The topic's routing supports a passage as far as the passage covers the question.
    if (passage.topicId && s > 0) score += ROUTE_BONUS * (route.get(passage.topicId) ?? 0) * Math.sqrt(cov);
    if (s > 0 && answersType(query.asks, passage.answers)) score += ANSWER_TYPE_BONUS * cov;
    // A size chart row whose range holds the shopper's number ("118cm" -> "116-122").
    if (s > 0 && hasNumbers) score += RANGE_WEIGHT * Math.min(2, rangeHits(text, passage.text));
    if (passage.productIds) {
      if (carried && passage.productIds.includes(carried)) score += CARRIED_PRODUCT_BONUS;
      if (named && passage.productIds.includes(named.productId)) {
        score += NAMED_PRODUCT_BONUS * Math.min(1, named.strength) * (s > 0 ? 1 : 0.5);
      }
    }
    if (options.queryVector && index.vectors?.[passage.key]) {
      score += VECTOR_WEIGHT * Math.max(0, cosine(options.queryVector, index.vectors[passage.key]!));
    }
    if (score > 0) candidates.push({ passage, score, bm25: s, coverage: cov });
  }
  candidates.sort((a, b) => b.score - a.score);
  const ranked = candidates.slice(0, options.limit ?? 8);
  for (const r of ranked) {
    if (r.passage.kind === 'product' && r.passage.productIds && r.passage.productIds.length > 1) {
      const preferred = focus;
      if (preferred && r.passage.productIds.includes(preferred))
        r.passage = { ...r.passage, name: preferred };
    }
  }

  const top = ranked[0];
  const confidence = top ? confidenceOf(top, ranked[1]) : 0;
  return {
    query,
    ranked,
    topics,
    confidence,
    ...(focus ? { productId: focus } : {}),
  };
}

function confidenceOf(top: RankedPassage, second: RankedPassage | undefined): number {
  // Coverage of the message by the best passage, with a little credit when the runner-up agrees on
  // the same topic / file / product (several passages supporting one answer).
  let c = top.coverage;
  if (second && second.passage.name === top.passage.name) c += 0.05;
  return Math.max(0, Math.min(1, c));
}
