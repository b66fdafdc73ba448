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
  /** Variations (Shopee models, Lazada SKUs), each with its own price and stock when known. */
  variations?: ProductVariation[];
}

export interface ProductVariation {
  id: string;
  /** "Mint", "Size 24", "Sage / 0-3M". */
  name: string;
  price: number | null;
  stock: number | null;
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

/** `approved`: the merchant's approved answer (`approved-answers.ts`), not a passage. */
export type SourceKind = 'topic' | 'file' | 'product' | 'approved';

export interface AnswerSource {
  kind: SourceKind;
  /** Topic knowledge entry id, chunk id, or product id / product-info id. */
  id: string;
  /** Topic name, file name or product id: what an evaluator matches as `<kind>:<name>`. */
  name: string;
  excerpt: string;
  score: number;
}

/**
 * Why the bot handed over, as a code; the merchant-facing words live in `@balas/contracts`
 * (`messages.handover`). `low_confidence` is the only one decided by the retrieval score.
 */
export type HandoverReason =
  | 'asked_for_human'
  | 'angry'
  | 'order_status'
  | 'order_problem'
  | 'account'
  | 'restock'
  | 'future_price'
  | 'medical'
  | 'negotiation'
  | 'platform_decision'
  | 'low_confidence';

/** What an order question asks; the server may answer it from the platform (order lookup). */
export type OrderQuestionKind =
  | 'status'
  | 'where'
  | 'ships_when'
  | 'tracking'
  | 'cancel'
  | 'refund'
  | 'change_address';

export interface OrderQuestion {
  kind: OrderQuestionKind;
  /** The order number the message names, if any. */
  orderNumber?: string;
}

export interface Handover {
  reason: HandoverReason;
  /** For `low_confidence`: the retrieval score (kept for logs; never shown to a merchant). */
  score?: number;
  /** For `order_status`: what the shopper asks about their order. */
  order?: OrderQuestion;
}

/** Why a model's reply was not used. */
export type ModelFallback =
  | 'timeout'
  | 'error'
  | 'circuit_open'
  | 'uncited'
  | 'ungrounded'
  | 'contradiction'
  | 'wrong_language';

export interface AnswerTimings {
  totalMs: number;
  retrievalMs: number;
  composeMs: number;
}

export type Intent = 'greeting' | 'thanks' | 'question' | 'clarify';

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
  fallback?: ModelFallback;
  /** An order question in the message (answered or handed over), for an order lookup. */
  order?: OrderQuestion;
  /** How many questions the message held, when more than one. */
  parts?: number;
  /** The first question's best passages as retrieval ranked them (at most 5), for evaluation and debugging. */
  retrieved?: RetrievedPassage[];
  timings: AnswerTimings;
}

export interface RetrievedPassage {
  kind: SourceKind;
  name: string;
  text: string;
}

export interface HistoryTurn {
  role: 'shopper' | 'bot' | 'agent';
  text: string;
  /** A product card shared with this turn (Shopee item card, Lazada product card). */
  productId?: string;
  /** An order card shared with this turn. */
  orderId?: string;
}

/** Turns texts into vectors (an embedding model); used to blend semantic similarity into retrieval. */
export interface Embedder {
  embed(values: string[], signal?: AbortSignal): Promise<number[][]>;
}
