import type { Composer } from '../compose-model.ts';
import { answer, answerOffline } from '../engine.ts';
import { buildShopIndex, type ShopIndex } from '../index-builder.ts';
import type { AnswerResult, HistoryTurn } from '../types.ts';
import type { EvalQuestion, EvalSet } from './load-set.ts';
import { type EvalSummary, type QuestionOutcome, scoreAnswer, summarize } from './score.ts';

export interface EvalRun {
  set: string;
  index: ShopIndex;
  outcomes: QuestionOutcome[];
  results: Map<string, AnswerResult>;
  summary: EvalSummary;
}

/** How one question is put to an engine: the shopper's message, its card, the conversation so far. */
export type Ask = (
  question: string,
  context: { productId?: string; history: HistoryTurn[] },
) => Promise<AnswerResult>;

/**
 * Asks every question of a set (a follow-up's earlier messages first, their replies kept as the
 * conversation) and scores the answers.
 */
export async function runQuestions(set: EvalSet, ask: Ask) {
  const outcomes: QuestionOutcome[] = [];
  const results = new Map<string, AnswerResult>();
  // Names as the shop wrote them, in any language: its products' and their variations' ("Standard 4-Stage").
  const names = set.shop.products.flatMap((p) => [p.name, ...(p.variations ?? []).map((v) => v.name)]);
  for (const q of set.questions) {
    const history = await replay(q, ask);
    const started = performance.now();
    const result = await ask(q.question, { ...(q.productId ? { productId: q.productId } : {}), history });
    const ms = performance.now() - started;
    results.set(q.id, result);
    outcomes.push(scoreAnswer(q, result, ms, { names, followUp: history.length > 0 }));
  }
  return { outcomes, results, summary: summarize(outcomes) };
}

async function replay(q: EvalQuestion, ask: Ask): Promise<HistoryTurn[]> {
  const history: HistoryTurn[] = [];
  for (const turn of q.before ?? []) {
    const reply = await ask(turn.text, {
      ...(turn.productId ? { productId: turn.productId } : {}),
      history: [...history],
    });
    history.push({
      role: 'shopper',
      text: turn.text,
      ...(turn.productId ? { productId: turn.productId } : {}),
    });
    history.push({ role: 'bot', text: reply.text });
  }
  return history;
}

/** Asks every question of a set against a fresh index of its shop (the pure engine, no server). */
export async function runEvalSet(set: EvalSet, options: { composer?: Composer } = {}): Promise<EvalRun> {
  const index = buildShopIndex(set.shop);
  const run = await runQuestions(set, async (question, context) => {
    const c = { index, ...context };
    return options.composer
      ? answer(question, { ...c, composer: options.composer })
      : answerOffline(question, c);
  });
  return { set: set.name, index, ...run };
}
