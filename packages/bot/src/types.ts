// Shared types of the answering engine. The engine is pure: everything it knows about a shop comes in
// through `ShopKnowledge`, and everything it decides goes out through `AnswerResult`.

export const LANGS = ['en', 'ms', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

export interface TopicKnowledge {
  id: string;
  name: string;
  /** The merchant's instructions saying which shopper messages belong to this topic. */
  categorization: string[];
  knowledge: { id: string; text: string }[];
}

export interface KnowledgeChunk {
  id: string;
  fileId: string;
  fileName: string;
  text: string;
  ordinal: number;
}

export interface ProductRecord {
  productId: string;
  name: string;
  description?: string;
  price?: number;
  currency?: string;
  stock?: number;
}

export interface ProductInfoRecord {
  id: string;
  productIds: string[];
  title: string;
  description: string;
}

export interface ShopKnowledge {
  shopName: string;
  topics: TopicKnowledge[];
  chunks: KnowledgeChunk[];
  products: ProductRecord[];
  productInfo: ProductInfoRecord[];
  handoverMessage?: Partial<Record<Lang, string>>;
}

export type SourceKind = 'topic' | 'file' | 'product';

export interface AnswerSource {
  kind: SourceKind;
  /** Topic knowledge entry id, chunk id, or product id / product-info id. */
  id: string;
  /** Topic name, file name or product id: what an evaluator matches as `<kind>:<name>`. */
  name: string;
  excerpt: string;
  score: number;
}

export type HandoverReason = 'asked_for_human' | 'low_confidence' | 'angry';

/** Why the bot cannot answer even though retrieval found related text. */
export type OutOfScopeCause = 'account_lookup' | 'medical' | 'negotiation' | 'platform_decision';

export interface Handover {
  reason: HandoverReason;
  score?: number;
  /** For `low_confidence`: set when a rule (not the retrieval score) decided the bot cannot know. */
  cause?: OutOfScopeCause;
}

export interface AnswerTimings {
  totalMs: number;
  retrievalMs: number;
  composeMs: number;
}

export type Intent = 'greeting' | 'thanks' | 'question';

export interface AnswerResult {
  text: string;
  /** 0..1 */
  confidence: number;
  /** Best first. */
  sources: AnswerSource[];
  topic?: { id: string; name: string };
  language: Lang;
  handover: Handover | null;
  intent: Intent;
  composer: 'offline' | 'model';
  /** Set when the model composer was configured but the offline composer answered instead. */
  fallback?: 'timeout' | 'error' | 'ungrounded';
  timings: AnswerTimings;
}

export interface HistoryTurn {
  role: 'shopper' | 'bot' | 'agent';
  text: string;
}

/** Turns texts into vectors (an embedding model); used to blend semantic similarity into retrieval. */
export interface Embedder {
  embed(values: string[], signal?: AbortSignal): Promise<number[][]>;
}
