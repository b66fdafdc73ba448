// @balas/bot: the answering engine. Pure TypeScript: no HTTP server, no database.
//
//   const index = buildShopIndex(shopKnowledge);            // once per shop; rebuild on training changes
//   const reply = await answer(question, { index, productId, history, composer });

export {
  type ChunkOptions,
  chunkDocument,
  chunkText,
  parseCsv,
  splitSentences,
  type TextChunk,
} from './chunk.ts';
export {
  buildGroundingPrompt,
  type ComposeRequest,
  type Composer,
  type ContextPassage,
  createEmbedder,
  createModelComposer,
  createOpenAICompatibleBackend,
  DEFAULT_MODEL_TIMEOUT_MS,
  type ModelComposerOptions,
  type ModelComposition,
  type OpenAICompatibleConfig,
  parseReply,
  ungroundedNumbers,
} from './compose-model.ts';
export {
  composeOffline,
  DEFAULT_MAX_CHARS,
  detectSmallTalk,
  extract,
  trimToLength,
} from './compose-offline.ts';
export { type AnswerOptions, answer, answerOffline, DEFAULT_MIN_CONFIDENCE } from './engine.ts';
export { type BenchmarkResult, benchmarkAnswering, buildBenchmarkShop } from './eval/benchmark.ts';
export { type EvalQuestion, type EvalSet, loadEvalSet } from './eval/load-set.ts';
export { type EvalRun, runEvalSet } from './eval/run-set.ts';
export {
  type EvalSummary,
  formatSummary,
  type QuestionOutcome,
  scoreAnswer,
  summarize,
} from './eval/score.ts';
export {
  angerScore,
  askedForHumanScore,
  decideHandover,
  detectHandoverSignals,
  HANDOVER_THRESHOLD,
  type HandoverSignals,
  outOfScope,
} from './handover.ts';
export { buildShopIndex, embedShopIndex, type Passage, type ShopIndex } from './index-builder.ts';
export { detectLanguage, languageScores } from './language.ts';
export { handoverText, voucherOfferText } from './messages.ts';
export { analyzeQuery, type Query, type RankedPassage, type Retrieval, retrieve } from './retrieval.ts';
export { routeTopics, type TopicScore } from './routing.ts';
export { analyze, malayRoot, segment, stem, stemEnglish } from './tokenize.ts';
export * from './types.ts';
