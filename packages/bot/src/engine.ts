import {
  type Composer,
  type ContextPassage,
  type ModelComposition,
  ungroundedNumbers,
} from './compose-model.ts';
import { bestSentence, composeOffline, DEFAULT_MAX_CHARS, detectSmallTalk } from './compose-offline.ts';
import { decideHandover, detectHandoverSignals } from './handover.ts';
import type { ShopIndex } from './index-builder.ts';
import { detectLanguage } from './language.ts';
import { GREETING, handoverText, THANKS } from './messages.ts';
import { type Retrieval, retrieve } from './retrieval.ts';
import type { AnswerResult, AnswerSource, Embedder, Handover, HistoryTurn, Intent, Lang } from './types.ts';

// answer(question, context): language -> greetings / thanks -> handover signals -> retrieval (routing
// inside) -> handover decision -> composition (offline, or a model with an offline fallback).

export const DEFAULT_MIN_CONFIDENCE = 0.3;
const MAX_SOURCES = 5;
/** Passages scoring at least this share of the best one are sources (and the model's context). */
const SOURCE_SHARE = 0.5;
const MODEL_PASSAGES = 5;
const EMBED_TIMEOUT_MS = 2000;

export interface AnswerOptions {
  /** The shop's index from `buildShopIndex` (cache it; rebuild when training changes). */
  index: ShopIndex;
  /** The product the message was sent from (Shopee / Lazada item card), if any. */
  productId?: string;
  /** Earlier turns of the conversation, oldest first. */
  history?: HistoryTurn[];
  /** A model composer; without one the offline composer answers. */
  composer?: Composer;
  /** Blends vector similarity into retrieval when the index has been embedded with the same model. */
  embedder?: Embedder;
  /** Below this confidence the bot hands over (default 0.3). */
  minConfidence?: number;
  /** Longest offline reply (default 350 characters). */
  maxChars?: number;
}

interface Prepared {
  result: AnswerResult;
  retrieval?: Retrieval;
  started: number;
}

function replyLanguage(question: string, history: HistoryTurn[] | undefined): Lang {
  const previous = history?.filter((h) => h.role === 'shopper').at(-1);
  const fallback = previous ? detectLanguage(previous.text) : 'en';
  return detectLanguage(question, fallback);
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

function smallTalk(index: ShopIndex, intent: Exclude<Intent, 'question'>, language: Lang): string {
  return intent === 'greeting' ? GREETING[language](index.shopName) : THANKS[language];
}

function prepare(question: string, options: AnswerOptions, queryVector?: number[]): Prepared {
  const started = performance.now();
  const { index } = options;
  const language = replyLanguage(question, options.history);
  const intent: Intent = question.trim() ? detectSmallTalk(question) : 'greeting';
  const base = { language, intent, composer: 'offline' as const };
  if (intent !== 'question') {
    const ms = performance.now() - started;
    return {
      started,
      result: {
        ...base,
        text: smallTalk(index, intent, language),
        confidence: 1,
        sources: [],
        handover: null,
        timings: { totalMs: ms, retrievalMs: 0, composeMs: ms },
      },
    };
  }
  const signals = detectHandoverSignals(question);
  const retrieval = retrieve(index, question, {
    ...(options.productId ? { productId: options.productId } : {}),
    ...(options.history ? { history: options.history } : {}),
    ...(queryVector ? { queryVector } : {}),
  });
  const retrievalMs = performance.now() - started;
  const handover = decideHandover(
    signals,
    retrieval.confidence,
    options.minConfidence ?? DEFAULT_MIN_CONFIDENCE,
  );
  const topic = topicOf(index, retrieval);
  const result: AnswerResult = {
    ...base,
    text: '',
    confidence: round(retrieval.confidence),
    sources: sourcesOf(index, retrieval),
    ...(topic ? { topic } : {}),
    handover,
    timings: { totalMs: 0, retrievalMs, composeMs: 0 },
  };
  return { started, result, retrieval };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function finishOffline(prepared: Prepared, options: AnswerOptions, handover: Handover | null): AnswerResult {
  const { result, retrieval } = prepared;
  const composeStart = performance.now();
  if (handover) {
    result.handover = handover;
    result.text = handoverText(result.language, handover.reason, options.index.handoverMessage);
  } else if (retrieval) {
    result.text = composeOffline({
      index: options.index,
      retrieval,
      language: result.language,
      maxChars: options.maxChars ?? DEFAULT_MAX_CHARS,
    }).text;
  }
  const end = performance.now();
  result.timings.composeMs = end - composeStart;
  result.timings.totalMs = end - prepared.started;
  return result;
}

/** The offline engine, synchronous: what `answer` does without a model composer. */
export function answerOffline(
  question: string,
  options: Omit<AnswerOptions, 'composer' | 'embedder'>,
): AnswerResult {
  const prepared = prepare(question, options);
  if (prepared.result.intent !== 'question') return prepared.result;
  return finishOffline(prepared, options, prepared.result.handover);
}

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

/** Answers a shopper's message. With a model composer, falls back to the offline composer on failure. */
export async function answer(question: string, options: AnswerOptions): Promise<AnswerResult> {
  const queryVector = await queryVectorFor(question, options);
  const prepared = prepare(question, options, queryVector);
  const { result, retrieval } = prepared;
  const composer = options.composer;
  if (result.intent !== 'question' || !retrieval) return result;
  if (!composer || result.handover) return finishOffline(prepared, options, result.handover);

  // The model sees the passages offered as sources (close to the best one), nothing else from the shop.
  const best = retrieval.ranked[0]?.score ?? 0;
  const context = retrieval.ranked.filter((r) => r.score >= best * SOURCE_SHARE).slice(0, MODEL_PASSAGES);
  const passages: ContextPassage[] = context.map((r, i) => ({
    ref: `S${i + 1}`,
    key: r.passage.key,
    kind: r.passage.kind,
    name: r.passage.name,
    ...(r.passage.title ? { title: r.passage.title } : {}),
    text: r.passage.text,
  }));
  const request = {
    question,
    language: result.language,
    shopName: options.index.shopName,
    passages,
    ...(options.history ? { history: options.history } : {}),
  };
  const composeStart = performance.now();
  let composition: ModelComposition;
  try {
    composition = await withTimeout(composer.timeoutMs, (signal) => composer.compose(request, signal));
  } catch (error) {
    result.fallback = error instanceof ComposeTimeout ? 'timeout' : 'error';
    return finishOffline(prepared, options, null);
  }
  if (!composition.answerable) {
    const handover: Handover = { reason: 'low_confidence', score: result.confidence };
    result.composer = 'model';
    const done = finishOffline(prepared, options, handover);
    done.timings.composeMs = performance.now() - composeStart;
    return done;
  }
  if (ungroundedNumbers(composition.text, request).length > 0) {
    result.fallback = 'ungrounded';
    return finishOffline(prepared, options, null);
  }
  result.text = composition.text;
  result.composer = 'model';
  if (composition.citedKeys.length > 0) {
    const cited = new Set(composition.citedKeys.map((k) => options.index.passages[k]?.id));
    result.sources = [
      ...result.sources.filter((s) => cited.has(s.id)),
      ...result.sources.filter((s) => !cited.has(s.id)),
    ];
  }
  const end = performance.now();
  result.timings.composeMs = end - composeStart;
  result.timings.totalMs = end - prepared.started;
  return result;
}
