// @balas/bot: the answering engine. Pure TypeScript: no HTTP server, no database.
//
//   const index = buildShopIndex(shopKnowledge);            // once per shop; rebuild on training changes
//   const reply = await answer(question, { index, productId, history, composer });

export {
  APPROVED_SOURCE_NAME,
  type ApprovedAnswerRecord,
  type ApprovedIndex,
  type ApprovedMatch,
  answerApproved,
  approvedText,
  buildApprovedIndex,
  DEFAULT_APPROVED_THRESHOLD,
  matchApproved,
} from './approved-answers.ts';
export {
  type ChunkOptions,
  chunkDocument,
  chunkText,
  parseCsv,
  splitSentences,
  type TextChunk,
} from './chunk.ts';
export { CircuitBreaker } from './circuit-breaker.ts';
export {
  buildGroundingPrompt,
  type ComposeRequest,
  type Composer,
  type ContextPassage,
  checkComposition,
  createEmbedder,
  createModelComposer,
  createOpenAICompatibleBackend,
  DEFAULT_MODEL_TIMEOUT_MS,
  type ModelComposerOptions,
  type ModelComposition,
  type OpenAICompatibleConfig,
  parseReply,
  stripMarkers,
  ungroundedNumbers,
  ungroundedTokens,
} from './compose-model.ts';
export {
  bestSentence,
  composeOffline,
  DEFAULT_MAX_CHARS,
  detectSmallTalk,
  templatedFact,
  trimToLength,
} from './compose-offline.ts';
export { conversationLanguage, productInHistory, replyLanguage } from './conversation.ts';
export {
  type AnswerOptions,
  answer,
  answerOffline,
  breakerOf,
  DEFAULT_MIN_CONFIDENCE,
} from './engine.ts';
export { factsOf, glossOf } from './facts.ts';
export { chineseWords, englishGloss, loadGlossary } from './gloss.ts';
export {
  angerScore,
  askedForHumanScore,
  asksRestock,
  classifyOrderQuestion,
  decideHandover,
  detectHandoverSignals,
  HANDOVER_THRESHOLD,
  type HandoverSignals,
  needsOrderLookup,
  outOfScope,
} from './handover.ts';
export {
  glossQuestion,
  type HandoverSummaryInput,
  type HandoverSummaryLines,
  handoverSummary,
} from './handover-summary.ts';
export {
  analysesToRead,
  analysisKeys,
  buildShopIndex,
  contentHash,
  embeddingText,
  embedShopIndex,
  estimateIndexBytes,
  madeAnalyses,
  type Passage,
  type ShopIndex,
  type StoredAnalysis,
  type VectorStore,
} from './index-builder.ts';
export { detectLanguage, languageScores } from './language.ts';
export { handoverText, voucherOfferText } from './messages.ts';
export * from './order-reply.ts';
export { catalogueAnswer, namedVariations } from './product-answer.ts';
export { analyzeQuery, type Query, type RankedPassage, type Retrieval, retrieve } from './retrieval.ts';
export { routeTopics, type TopicScore } from './routing.ts';
export { type Sentence, sentencesOf } from './sentences.ts';
export { splitQuestions } from './split.ts';
export { reviveShopIndex, serializeShopIndex, storedIndexFormat } from './stored-index.ts';
export { analyze, malayRoot, segment, stem, stemEnglish } from './tokenize.ts';
export * from './types.ts';
