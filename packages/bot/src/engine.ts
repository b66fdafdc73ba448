import { analysedText } from './analysed-text.ts';
import { answersType, answerTypesOf, figureKinds } from './answer-type.ts';
import { CircuitBreaker } from './circuit-breaker.ts';
import {
  type ComposeRequest,
  type Composer,
  type ContextPassage,
  checkComposition,
  stripMarkers,
} from './compose-model.ts';
import { bestSentence, composeOffline, DEFAULT_MAX_CHARS, detectSmallTalk } from './compose-offline.ts';
import { productInHistory, replyLanguage } from './conversation.ts';
import { factsOf } from './facts.ts';
import { asksRestock, decideHandover, detectHandoverSignals, type HandoverSignals } from './handover.ts';
import type { Passage, ShopIndex } from './index-builder.ts';
import { GREETING, handoverText, PART_HANDED_OVER, THANKS, WHICH_PRODUCT } from './messages.ts';
import { asksPrice, asksStock, catalogueAnswer, contentTerms, isCatalogueAsk } from './product-answer.ts';
import { type Retrieval, retrieve } from './retrieval.ts';
import { splitQuestions } from './split.ts';
import { analyze, isConcept, isGloss, isHanUnigram } from './tokenize.ts';
import type {
  AnswerResult,
  AnswerSource,
  Embedder,
  Handover,
  HistoryTurn,
  Intent,
  Lang,
  OrderQuestion,
} from './types.ts';

// answer(message, context): language (the conversation's for short messages) -> greetings / thanks ->
// a person asked for, anger -> the message split into its questions (at most three) -> per question:
// order lookups and questions nobody can answer from the shop's texts, the catalogue's price and stock
// for the product in context, a bare "how much?" asked back, otherwise retrieval and composition ->
// one reply (offline, or a model with checks and an offline fallback).

/**
 * Below this confidence a reply must hold the kind of answer asked for (see `answer-type.ts`); at or
 * above it the knowledge answers the question, and a medical word alone does not hand over.
 */
const TYPE_CHECK_BELOW = 0.6;
export const DEFAULT_MIN_CONFIDENCE = 0.3;
const MAX_SOURCES = 5;
/** Ranked passages kept on a result for evaluation (retrieval recall at 1 and at 5). */
const RETRIEVED = 5;
/** Passages scoring at least this share of the best one are sources (and the model's context). */
const SOURCE_SHARE = 0.5;
const MODEL_PASSAGES = 6;
const EMBED_TIMEOUT_MS = 2000;
/** A question of a multi-question message with less than this much to go on is dropped, not handed over. */
const MIN_PART_TERMS = 2;

export interface AnswerOptions {
  /** The shop's index from `buildShopIndex` (cache it; rebuild when training changes). */
  index: ShopIndex;
  /** The product card the message carries (Shopee / Lazada item card), if any. */
  productId?: string;
  /** Earlier turns of the conversation, oldest first (with the cards shared in them). */
  history?: HistoryTurn[];
  /** A model composer; without one the offline composer answers. */
  composer?: Composer;
  /** Blends vector similarity into retrieval when the index has been embedded with the same model. */
  embedder?: Embedder;
  /** Below this confidence the bot hands over (default 0.3). */
  minConfidence?: number;
  /** Longest offline reply (default 350 characters, lists longer). */
  maxChars?: number;
  /** Today's date for the model's prompt (default: now). */
  today?: Date;
}

interface PartAnswer {
  text: string;
  sources: AnswerSource[];
  confidence: number;
  handover: Handover | null;
  retrieval?: Retrieval;
  topic?: { id: string; name: string };
  /** Answered from the catalogue or asked back: no model needed. */
  fixed: boolean;
}

interface Plan {
  result: AnswerResult;
  parts: PartAnswer[];
  product?: string;
  started: number;
}

function sourcesOf(index: ShopIndex, retrieval: Retrieval): AnswerSource[] {
  const top = retrieval.ranked[0];
  if (!top) return [];
  return retrieval.ranked
    .filter((r) => r.score >= top.score * SOURCE_SHARE)
    .slice(0, MAX_SOURCES)
    .map((r) => ({
      kind: r.passage.kind,
      id: r.passage.id,
      name: r.passage.name,
      excerpt: bestSentence(index, retrieval.query, r.passage),
      score: Math.round(r.score * 1000) / 1000,
    }));
}

function topicOf(index: ShopIndex, retrieval: Retrieval): { id: string; name: string } | undefined {
  const top = retrieval.ranked[0]?.passage;
  if (top?.topicId) return index.topics.find((t) => t.id === top.topicId);
  const routed = retrieval.topics[0];
  return routed && routed.categorization > 0 ? routed.topic : undefined;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function productSource(index: ShopIndex, productId: string): AnswerSource {
  const product = index.products.get(productId);
  return {
    kind: 'product',
    id: productId,
    name: productId,
    excerpt: product?.name ?? productId,
    score: 1,
  };
}

/** A name word of another product counts only where the carried product's name does not have it. */
const OTHER_PRODUCT_TERMS = 2;
const OTHER_PRODUCT_SHARE = 0.4;
const passageTerms = new WeakMap<Passage, Map<string, number>>();

/**
 * Whether a passage is about another product than `productId`: another product's record, or a text
 * naming another product ("Our baju kurung are made of cotton silk" while the kurta is carried).
 */
export function aboutAnotherProduct(index: ShopIndex, passage: Passage, productId: string): boolean {
  if (passage.kind === 'product') return !(passage.productIds ?? [passage.id]).includes(productId);
  let terms = passageTerms.get(passage);
  if (!terms) {
    terms = analyze(passage.text).terms;
    passageTerms.set(passage, terms);
  }
  const own = index.productNameTerms.get(productId);
  // A guide naming the carried product among others is about it too.
  let ownDistinct = 0;
  for (const term of own?.keys() ?? []) {
    if (isConcept(term) || isGloss(term) || isHanUnigram(term) || !terms.has(term)) continue;
    if (![...index.productNameTerms].some(([id, n]) => id !== productId && n.has(term))) ownDistinct++;
  }
  if (ownDistinct > 0) return false;
  for (const [other, nameTerms] of index.productNameTerms) {
    if (other === productId) continue;
    let distinct = 0;
    let hit = 0;
    for (const term of nameTerms.keys()) {
      if (isConcept(term) || isGloss(term) || isHanUnigram(term) || own?.has(term)) continue;
      distinct++;
      if (terms.has(term)) hit++;
    }
    if (hit >= OTHER_PRODUCT_TERMS && hit >= distinct * OTHER_PRODUCT_SHARE) return true;
  }
  return false;
}

/** Whether the composed reply states a time for a restock (the only restock answer the bot gives). */
function statesRestockTime(text: string): boolean {
  const terms = analyze(text).terms;
  return terms.has('~restock') && factsOf(text, 'en').length > 0;
}

function answerPart(
  part: string,
  options: AnswerOptions,
  language: Lang,
  product: string | undefined,
  queryVector: number[] | undefined,
  multi: boolean,
): PartAnswer {
  const { index } = options;
  const detected = detectHandoverSignals(part);
  const retrieval = retrieve(index, part, {
    ...(product ? { productId: product } : {}),
    ...(options.history ? { history: options.history } : {}),
    ...(queryVector ? { queryVector } : {}),
  });
  const base = {
    sources: sourcesOf(index, retrieval),
    confidence: round(retrieval.confidence),
    retrieval,
    ...(topicOf(index, retrieval) ? { topic: topicOf(index, retrieval)! } : {}),
  };
  // A medical word alone ("dosage", "ubat", "药") does not hand over where the shop's own
  // knowledge answers the question (a pharmacy's leaflet, a cream's usage note).
  const { outOfScope: scope, ...rest } = detected;
  const signals: HandoverSignals =
    scope?.reason === 'medical' && retrieval.confidence >= TYPE_CHECK_BELOW ? rest : detected;
  if (signals.outOfScope) {
    return { ...base, text: '', handover: decideHandover(signals, retrieval.confidence, 1), fixed: true };
  }

  const about = retrieval.productId ?? product;
  // "XL?" or "dusty blue?" right after "how much is it?": the same ask, for a variation.
  const previous = options.history?.filter((h) => h.role === 'shopper').at(-1)?.text;
  const bare = about !== undefined && isCatalogueAsk(index, about, part);
  const price = asksPrice(part, retrieval.query) || (bare && previous !== undefined && asksPrice(previous));
  const stock = asksStock(part, retrieval.query) || (bare && previous !== undefined && asksStock(previous));
  if ((price || stock) && about && isCatalogueAsk(index, about, part)) {
    const text = catalogueAnswer(index, about, part, language, { price, stock });
    if (text) {
      return {
        ...base,
        text,
        confidence: 1,
        sources: [productSource(index, about), ...base.sources.filter((s) => s.id !== about)],
        handover: null,
        fixed: true,
      };
    }
  }
  if (price && !about && contentTerms(part).length === 0) {
    // "Berapa?" with no product anywhere in the conversation: ask which one.
    return {
      ...base,
      text: WHICH_PRODUCT[language],
      sources: [],
      confidence: 1,
      handover: null,
      fixed: true,
    };
  }

  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const handover = decideHandover(signals, retrieval.confidence, minConfidence);
  if (handover) {
    // In a message of several questions, a fragment with next to nothing in it is no question.
    const thin = multi && retrieval.query.aspects.filter((a) => a.terms.length > 0).length < MIN_PART_TERMS;
    return { ...base, text: '', handover: thin ? null : handover, fixed: true };
  }
  const composition = composeOffline({
    index,
    retrieval,
    language,
    maxChars: options.maxChars ?? DEFAULT_MAX_CHARS,
    // With a product in the conversation, never another product's facts.
    ...(about ? { allowed: (p: Passage) => !aboutAnotherProduct(index, p, about) } : {}),
  });
  if (asksRestock(part) && !statesRestockTime(composition.text)) {
    return { ...base, text: '', handover: { reason: 'restock' }, fixed: true };
  }
  // "有XL吗？多少钱？" about the product in context: its price from the catalogue, then the rest.
  const priced =
    price && about ? catalogueAnswer(index, about, part, language, { price: true, stock: false }) : undefined;
  if (priced && !composition.text.includes(priced)) composition.text = `${priced}\n${composition.text}`;
  // "How long…?" answered by a sentence with no span of time, "how much…?" by one with no price: the
  // knowledge does not hold what was asked, and the team is asked instead of quoting a neighbour. A
  // passage that covers the question well is trusted (it may say where to find the figure).
  const asks = figureKinds(retrieval.query.asks);
  if (
    retrieval.confidence < TYPE_CHECK_BELOW &&
    asks.size > 0 &&
    !answersType(asks, answerTypesOf(composition.text))
  ) {
    return {
      ...base,
      text: '',
      handover: { reason: 'low_confidence', score: retrieval.confidence },
      fixed: true,
    };
  }
  // The passages the reply was taken from come first among its sources.
  const used = composition.usedKeys.map((k) => index.passages[k]!);
  const usedSources = used.map(
    (p) =>
      base.sources.find((s) => s.id === p.id && s.kind === p.kind) ?? {
        kind: p.kind,
        id: p.id,
        name: p.name,
        excerpt: bestSentence(index, retrieval.query, p),
        score: round(retrieval.ranked.find((r) => r.passage.key === p.key)?.score ?? 0),
      },
  );
  const sources = [...usedSources, ...base.sources.filter((s) => !usedSources.includes(s))];
  return { ...base, sources, text: composition.text, handover: null, fixed: false };
}

function plan(message: string, options: AnswerOptions, queryVector?: number[]): Plan {
  const started = performance.now();
  const { index, history } = options;
  const intent: Intent = message.trim() ? detectSmallTalk(message) : 'greeting';
  const language = replyLanguage(message, history, intent !== 'question');
  const base = {
    language,
    intent,
    composer: 'offline' as const,
    confidence: 1,
    sources: [] as AnswerSource[],
    handover: null,
    timings: { totalMs: 0, retrievalMs: 0, composeMs: 0 },
  };
  if (intent !== 'question') {
    const text = intent === 'greeting' ? GREETING[language](index.shopName) : THANKS[language];
    return { started, parts: [], result: { ...base, text } };
  }

  const whole = detectHandoverSignals(message);
  const person = decideHandover({ askedForHuman: whole.askedForHuman, anger: whole.anger }, 1, 0);
  const order = whole.order;
  if (person) {
    // Handover texts follow the conversation's language ("有staff吗" in an English chat...).
    const lang = replyLanguage(message, history, true);
    return {
      started,
      parts: [],
      result: {
        ...base,
        language: lang,
        handover: person,
        text: handoverText(lang, person.reason, index.handoverMessage),
        ...(order ? { order } : {}),
      },
    };
  }

  const product =
    options.productId && index.products.has(options.productId)
      ? options.productId
      : productInHistory(index, history);
  const questions = splitQuestions(message);
  const multi = questions.length > 1;
  const parts = questions.map((q) =>
    answerPart(q, options, language, product, multi ? undefined : queryVector, multi),
  );
  const retrievalMs = performance.now() - started;
  const answered = parts.filter((p) => !p.handover && p.text);
  const handedOver = parts.find((p) => p.handover)?.handover ?? null;
  const lead = answered[0] ?? parts[0]!;
  const retrieved = parts[0]?.retrieval?.ranked
    .slice(0, RETRIEVED)
    .map((r) => ({ kind: r.passage.kind, name: r.passage.name, text: r.passage.text }));
  const result: AnswerResult = {
    ...base,
    text: '',
    confidence: answered.length
      ? Math.min(...answered.map((p) => p.confidence))
      : Math.max(...parts.map((p) => p.confidence)),
    sources: dedupeSources(parts.flatMap((p) => p.sources)),
    ...(lead.topic ? { topic: lead.topic } : {}),
    handover: handedOver,
    ...(order ? { order } : {}),
    ...(multi ? { parts: questions.length } : {}),
    ...(retrieved?.length ? { retrieved } : {}),
    timings: { totalMs: 0, retrievalMs, composeMs: 0 },
  };
  if (handedOver && answered.length === 0) {
    result.text = handoverText(language, handedOver.reason, index.handoverMessage);
  } else {
    result.text = withoutRepeats(answered.map((p) => p.text)).join('\n');
    if (handedOver) result.text += `\n${PART_HANDED_OVER[language]}`;
  }
  return { started, parts, result, ...(product ? { product } : {}) };
}

/** The parts' replies, each without the lines an earlier part already said. */
function withoutRepeats(texts: string[]): string[] {
  const said = new Set<string>();
  const out: string[] = [];
  for (const text of texts) {
    const lines = text.split('\n').filter((l) => !said.has(l.trim()));
    for (const l of lines) said.add(l.trim());
    if (lines.length) out.push(lines.join('\n'));
  }
  return out;
}

function dedupeSources(sources: AnswerSource[]): AnswerSource[] {
  const seen = new Set<string>();
  return sources.filter((s) => {
    const key = `${s.kind}:${s.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function finish(p: Plan): AnswerResult {
  const end = performance.now();
  p.result.timings.totalMs = end - p.started;
  p.result.timings.composeMs = Math.max(0, p.result.timings.totalMs - p.result.timings.retrievalMs);
  return p.result;
}

/** The offline engine, synchronous: what `answer` does without a model composer. */
export function answerOffline(
  question: string,
  options: Omit<AnswerOptions, 'composer' | 'embedder'>,
): AnswerResult {
  return finish(plan(analysedText(question), options));
}

// --- the model composer --------------------------------------------------------------------------------

class ComposeTimeout extends Error {}

async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ComposeTimeout(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([run(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function queryVectorFor(question: string, options: AnswerOptions): Promise<number[] | undefined> {
  if (!options.embedder || !options.index.vectors) return undefined;
  const embedder = options.embedder;
  try {
    const [vector] = await withTimeout(EMBED_TIMEOUT_MS, (signal) => embedder.embed([question], signal));
    return vector;
  } catch {
    return undefined; // lexical retrieval still answers
  }
}

const breakers = new WeakMap<Composer, CircuitBreaker>();
export function breakerOf(composer: Composer): CircuitBreaker {
  let b = breakers.get(composer);
  if (!b) {
    b = composer.breaker ?? new CircuitBreaker();
    breakers.set(composer, b);
  }
  return b;
}

/** Answers a shopper's message. With a model composer, falls back to the offline composer on failure. */
export async function answer(message: string, options: AnswerOptions): Promise<AnswerResult> {
  const question = analysedText(message);
  const queryVector = await queryVectorFor(question, options);
  const p = plan(question, options, queryVector);
  const { result } = p;
  const composer = options.composer;
  const retrievals = p.parts.filter((x) => !x.handover && !x.fixed && x.retrieval);
  if (!composer || result.intent !== 'question' || result.handover || retrievals.length === 0)
    return finish(p);
  const breaker = breakerOf(composer);
  if (breaker.open) {
    result.fallback = 'circuit_open';
    return finish(p);
  }

  // The model sees the passages offered as sources of each question, nothing else from the shop.
  const keys = new Set<number>();
  for (const part of retrievals) {
    const best = part.retrieval!.ranked[0]?.score ?? 0;
    for (const r of part.retrieval!.ranked) if (r.score >= best * SOURCE_SHARE) keys.add(r.passage.key);
  }
  const passages: ContextPassage[] = [...keys].slice(0, MODEL_PASSAGES).map((key, i) => {
    const passage = options.index.passages[key]!;
    return {
      ref: `S${i + 1}`,
      key,
      kind: passage.kind,
      name: passage.name,
      ...(passage.title ? { title: passage.title } : {}),
      text: passage.text,
    };
  });
  const product = p.product ? options.index.products.get(p.product) : undefined;
  const request: ComposeRequest = {
    question,
    language: result.language,
    shopName: options.index.shopName,
    passages,
    today: (options.today ?? new Date()).toISOString().slice(0, 10),
    ...(options.history ? { history: options.history } : {}),
    ...(product ? { product } : {}),
  };
  const composeStart = performance.now();
  let raw: Awaited<ReturnType<Composer['compose']>>;
  try {
    raw = await withTimeout(composer.timeoutMs, (signal) => composer.compose(request, signal));
    breaker.success();
  } catch (error) {
    breaker.failure();
    result.fallback = error instanceof ComposeTimeout ? 'timeout' : 'error';
    return finish(p);
  }
  if (!raw.answerable) {
    result.composer = 'model';
    result.handover = { reason: 'low_confidence', score: result.confidence };
    result.text = handoverText(result.language, 'low_confidence', options.index.handoverMessage);
    return finish(p);
  }
  const composition = { ...raw, text: stripMarkers(raw.text) };
  const problem = checkComposition(composition, request);
  if (problem) {
    result.fallback = problem;
    return finish(p);
  }
  result.text = composition.text;
  result.composer = 'model';
  const cited = new Set(composition.citedKeys.map((k) => options.index.passages[k]?.id));
  result.sources = [
    ...result.sources.filter((s) => cited.has(s.id)),
    ...result.sources.filter((s) => !cited.has(s.id)),
  ];
  result.timings.composeMs = performance.now() - composeStart;
  result.timings.totalMs = performance.now() - p.started;
  return result;
}

export type { OrderQuestion };
