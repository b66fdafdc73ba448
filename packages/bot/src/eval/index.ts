// @balas/bot/eval: evaluation sets, strict scoring and the answering benchmark (kept out of the
// engine's main entry, which the server loads on every start).

export { type BenchmarkResult, benchmarkAnswering, buildBenchmarkShop } from './benchmark.ts';
export { type EvalQuestion, type EvalSet, evalQuestionSchema, loadEvalSet } from './load-set.ts';
export { type Ask, type EvalRun, runEvalSet, runQuestions } from './run-set.ts';
export {
  checkReplyLanguage,
  type EvalSummary,
  formatSummary,
  type QuestionOutcome,
  scoreAnswer,
  summarize,
} from './score.ts';
