import type { Composer } from '../compose-model.ts';
import { answer, answerOffline } from '../engine.ts';
import { buildShopIndex, type ShopIndex } from '../index-builder.ts';
import type { AnswerResult } from '../types.ts';
import type { EvalSet } from './load-set.ts';
import { type EvalSummary, type QuestionOutcome, scoreAnswer, summarize } from './score.ts';

export interface EvalRun {
  set: string;
  index: ShopIndex;
  outcomes: QuestionOutcome[];
  results: Map<string, AnswerResult>;
  summary: EvalSummary;
}

/** Asks every question of a set against a fresh index of its shop and scores the answers. */
export async function runEvalSet(set: EvalSet, options: { composer?: Composer } = {}): Promise<EvalRun> {
  const index = buildShopIndex(set.shop);
  const outcomes: QuestionOutcome[] = [];
  const results = new Map<string, AnswerResult>();
  for (const q of set.questions) {
    const context = { index, ...(q.productId ? { productId: q.productId } : {}) };
    const started = performance.now();
    const result = options.composer
      ? await answer(q.question, { ...context, composer: options.composer })
      : answerOffline(q.question, context);
    const ms = performance.now() - started;
    results.set(q.id, result);
    outcomes.push(scoreAnswer(q, result, ms));
  }
  return { set: set.name, index, outcomes, results, summary: summarize(outcomes) };
}
