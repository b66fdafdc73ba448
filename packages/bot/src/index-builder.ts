import { createHash } from 'node:crypto';
import { type AnswerType, answerTypesOf } from './answer-type.ts';
import { detectLanguage } from './language.ts';
import { type Sentence, sentencesOf } from './sentences.ts';
import { SpellingCorrector } from './spelling.ts';
import { analyze, builtinWords, isHanUnigram, lexiconWords, segment } from './tokenize.ts';
import type { Embedder, Lang, ProductRecord, ShopKnowledge, SourceKind } from './types.ts';

// Builds the in-memory retrieval index of one shop: every candidate passage (topic knowledge entries,
// knowledge-file chunks, products and product info) analyzed once into BM25 postings, a second small
// BM25 index over the topics' categorization instructions for routing, and the shop vocabulary for
// spelling repair. Build it once per shop and reuse it; rebuild when the shop's training changes.

export interface Passage {
  /** Position in `ShopIndex.passages`. */
  key: number;
  kind: SourceKind;
  /** Knowledge entry id, chunk id, product id or product-info id. */
  id: string;
  /** Topic name, file name, or (for product passages) the first product id. */
  name: string;
  topicId?: string;
  fileId?: string;
  productIds?: string[];
  /** A product-info entry (a merchant's Q&A about products), not the product record itself. */
  productInfo?: boolean;
  /** Product name or product-info title. */
  title?: string;
  /** The text shown to a shopper (product passages: the description, or the product-info answer). */
  text: string;
  /** The language most of the text is in. */
  lang: Lang;
  /** The text's sentences, each with its own language and section. */
  sentences: Sentence[];
  /** The kinds of answer the passage can give (a price, a span of time...). */
  answers: Set<AnswerType>;
}

export interface Bm25Index {
  postings: Map<string, { docs: number[]; tfs: number[] }>;
  docLength: Float64Array;
  avgLength: number;
  docCount: number;
  /** Per document: its terms (for coverage and matching). */
  docTerms: Map<string, number>[];
}

export interface TopicRef {
  id: string;
  name: string;
}

export interface ShopIndex {
  shopName: string;
  handoverMessage: Partial<Record<Lang, string>>;
  passages: Passage[];
  bm25: Bm25Index;
  topics: TopicRef[];
  /** One document per topic: its name and categorization instructions. */
  routing: Bm25Index;
  products: Map<string, ProductRecord>;
  /** Terms of each product's name, for spotting a product mentioned in a message. */
  productNameTerms: Map<string, Map<string, number>>;
  /** Terms of each product's variation names that its name does not have ("putih", "uv", "xl"). */
  productVariationTerms: Map<string, Set<string>>;
  speller: SpellingCorrector;
  /** For a file chunk, the key of the next chunk of the same file (to finish a list it introduces). */
  nextChunk: Map<number, number>;
  /** Passage vectors, when an embedding model has been run over the index (see `embedShopIndex`). */
  vectors?: Float32Array[];
  /** `analysed`: the passages this build analysed (the rest reused a previous build's analyses). */
  stats: { passages: number; terms: number; analysed: number; buildMs: number };
}

export function bm25Idf(index: Bm25Index, term: string): number {
  const df = index.postings.get(term)?.docs.length ?? 0;
  return Math.log(1 + (index.docCount - df + 0.5) / (df + 0.5));
}

const LABEL_TF = 1;

/** A term's weight in a document's BM25 length: Chinese bigrams less than words, single characters nil. */
function termWeight(term: string): number {
  if (isHanUnigram(term)) return 0;
  if (/^\p{Script=Han}{2}$/u.test(term)) return 0.6;
  return 1;
}

/**
 * `labels` are per-document title terms (a topic's name): they count in BM25 at `LABEL_TF`, but not in
 * `docTerms`, which tell what the text itself says.
 */
export function buildBm25(
  docs: Map<string, number>[],
  labels?: (Map<string, number> | undefined)[],
): Bm25Index {
  const postings = new Map<string, { docs: number[]; tfs: number[] }>();
  const docLength = new Float64Array(docs.length);
  // Once per distinct term, not per occurrence: the tests took a tenth of a profile of revivals.
  const weights = new Map<string, number>();
  let total = 0;
  docs.forEach((own, doc) => {
    let len = 0;
    const label = labels?.[doc];
    let terms = own;
    if (label) {
      terms = new Map(own);
      for (const t of label.keys()) terms.set(t, (terms.get(t) ?? 0) + LABEL_TF);
    }
    for (const [term, tf] of terms) {
      let weight = weights.get(term);
      if (weight === undefined) {
        weight = termWeight(term);
        weights.set(term, weight);
      }
      len += tf * weight;
      let p = postings.get(term);
      if (!p) {
        p = { docs: [], tfs: [] };
        postings.set(term, p);
      }
      p.docs.push(doc);
      p.tfs.push(tf);
    }
    docLength[doc] = len;
    total += len;
  });
  return {
    postings,
    docLength,
    avgLength: docs.length ? total / docs.length : 0,
    docCount: docs.length,
    docTerms: docs,
  };
}

export function formatMoney(amount: number, currency?: string): string {
  const c = currency ?? 'RM';
  return `${c === 'MYR' ? 'RM' : c}${amount.toFixed(2)}`;
}

export function formatPrice(product: ProductRecord): string | undefined {
  if (product.price === undefined || !Number.isFinite(product.price)) return undefined;
  return formatMoney(product.price, product.currency);
}

/** Price and stock as indexable text, so "how much is ..." and "ada stok?" find the product. */
function productFacts(product: ProductRecord): string {
  const facts: string[] = [];
  const price = formatPrice(product);
  if (price) facts.push(`price ${price}`);
  if (product.stock !== undefined) facts.push(product.stock > 0 ? 'in stock' : 'out of stock');
  for (const v of product.variations ?? []) facts.push(v.name);
  return facts.join('\n');
}

function fileWords(fileName: string): string {
  return fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ');
}

/**
 * About how many bytes of heap an index holds, for a cache with a memory budget: its postings and
 * per-document term maps, and its speller's own entries. Fitted against heap growth measured with
 * --expose-gc over nine shops of 0 to 2,000 chunks (within 5% of each; passages' text adds nothing
 * measurable beyond the terms it makes), plus the analyses kept for an incremental rebuild.
 */
export function estimateIndexBytes(index: ShopIndex): number {
  let entries = 0;
  for (const bm25 of [index.bm25, index.routing]) {
    for (const p of bm25.postings.values()) entries += 1 + p.docs.length;
    for (const terms of bm25.docTerms) entries += terms.size;
  }
  // The analyses kept for the next build: one entry each, and their speller words.
  for (const a of analysesOf.get(index)?.passages.values() ?? []) entries += 1 + a.words.size;
  return ENTRY_BYTES * entries + SPELLER_ENTRY_BYTES * index.speller.entries;
}
const ENTRY_BYTES = 52;
const SPELLER_ENTRY_BYTES = 250;

let shared: SpellingCorrector | undefined;
/** The lexicon's and the built-in words, which every shop's speller knows: one copy per process. */
export function sharedVocabulary(): SpellingCorrector {
  if (!shared) {
    const counts = new Map<string, number>();
    for (const w of lexiconWords()) counts.set(w, (counts.get(w) ?? 0) + 2);
    for (const w of builtinWords()) counts.set(w, (counts.get(w) ?? 0) + 3);
    shared = new SpellingCorrector(counts);
  }
  return shared;
}

/** What a passage's text makes, computed once and reused by the next build of the same shop. */
export interface PassageAnalysis {
  lang: Lang;
  sentences: Sentence[];
  answers: Set<AnswerType>;
  terms: Map<string, number>;
  /** The Latin words of the indexed text, as the speller counts them. */
  words: Map<string, number>;
}

/**
 * Per index: the analyses its build made, by `analysisKey`. Held beside the index, not in it, so an
 * index stays a plain value; their weight is counted by `estimateIndexBytes`.
 */
const analysesOf = new WeakMap<
  ShopIndex,
  { passages: Map<string, PassageAnalysis>; terms: Map<string, Map<string, number>>; made: Set<string> }
>();

/** The analyses an index holds for the next build, by key (`stored-index.ts` writes them out). */
export function heldAnalyses(index: ShopIndex): Map<string, PassageAnalysis> | undefined {
  return analysesOf.get(index)?.passages;
}

/** Gives a revived index the analyses its build held, so the next build updates it by what changed. */
export function holdAnalyses(
  index: ShopIndex,
  passages: Map<string, PassageAnalysis>,
  terms = new Map<string, Map<string, number>>(),
): void {
  analysesOf.set(index, { passages, terms, made: new Set() });
}

function latinWords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const seg of segment(text)) {
    if (seg.kind === 'latin') for (const w of seg.words) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

type PassageSpec = Omit<Passage, 'key' | 'lang' | 'sentences' | 'answers'>;
interface Candidate {
  p: PassageSpec;
  indexText: string;
  label?: string;
  hasPrice: boolean;
}

/** Every passage a shop's training makes, in index order, with the text it is indexed by. */
function candidatesOf(shop: ShopKnowledge): Candidate[] {
  const out: Candidate[] = [];
  for (const topic of shop.topics) {
    for (const entry of topic.knowledge) {
      if (!entry.text.trim()) continue;
      out.push({
        p: { kind: 'topic', id: entry.id, name: topic.name, topicId: topic.id, text: entry.text.trim() },
        indexText: entry.text,
        label: topic.name,
        hasPrice: false,
      });
    }
  }
  for (const chunk of shop.chunks) {
    if (!chunk.text.trim()) continue;
    out.push({
      p: { kind: 'file', id: chunk.id, name: chunk.fileName, fileId: chunk.fileId, text: chunk.text.trim() },
      indexText: `${fileWords(chunk.fileName)}\n${chunk.text}`,
      hasPrice: false,
    });
  }
  const names = new Map(shop.products.map((p) => [p.productId, p.name]));
  for (const product of shop.products) {
    out.push({
      p: {
        kind: 'product',
        id: product.productId,
        name: product.productId,
        productIds: [product.productId],
        title: product.name,
        text: product.description?.trim() || product.name,
      },
      indexText: [product.name, product.name, product.description ?? '', productFacts(product)].join('\n'),
      hasPrice: product.price != null || (product.variations ?? []).some((v) => v.price != null),
    });
  }
  for (const info of shop.productInfo) {
    out.push({
      p: {
        kind: 'product',
        id: info.id,
        name: info.productIds[0] ?? info.id,
        productIds: info.productIds,
        productInfo: true,
        title: info.title,
        text: info.description.trim(),
      },
      indexText: `${info.title}\n${info.description}\n${info.productIds.map((id) => names.get(id) ?? '').join('\n')}`,
      hasPrice: false,
    });
  }
  return out;
}

/** Product names, longest first: they take part in every passage's language and sentences. */
function productNamesOf(shop: ShopKnowledge): string[] {
  return shop.products
    .flatMap((p) => [p.name, ...p.name.split(/(?<!\s)\s+[–—-]\s+|(?<!\s)\s*\(/)])
    .map((n) => n.trim())
    .filter((n) => n.length >= 4)
    .sort((a, b) => b.length - a.length);
}

/**
 * Bumped by hand when the analysis of a text changes in a way the probe below may not show; the
 * probe's own output is hashed into every key too, so a tokenizer change that shows on it retires
 * stored analyses by itself.
 */
const ANALYSIS_REVISION = 1;
const PROBE = [
  'Returns within 7 days. Shipping RM6.90 to West Malaysia; 2-3 working days.',
  'Penghantaran percuma untuk pesanan melebihi RM120. Waranti 12 bulan.',
  '西马一般1至3个工作天到货。保修期12个月。',
  '== Care ==\n- Wash at 30°C\n- Q: can I iron it?\nA: yes, on low heat. Open 9am to 6pm.',
];
let analyserId: string | undefined;
/** What the analyser is: its revision and its output on a fixed probe (computed once per process). */
export function analyserIdentity(): string {
  if (analyserId === undefined) {
    const hash = createHash('sha256').update(String(ANALYSIS_REVISION));
    for (const text of PROBE) {
      const lang = detectLanguage(text);
      hash.update(JSON.stringify(serializeAnalysis(analyseText(text, text, lang, [], true))));
    }
    analyserId = hash.digest('base64url').slice(0, 16);
  }
  return analyserId;
}

function analyseText(text: string, indexText: string, lang: Lang, productNames: string[], hasPrice: boolean) {
  return {
    lang,
    sentences: sentencesOf(text, lang, productNames),
    answers: answerTypesOf(text, hasPrice),
    terms: analyze(indexText).terms,
    words: latinWords(indexText),
  };
}

/** A passage's analysis as JSON (maps and sets as entry lists, in order), for `AnalysisStore`. */
export type StoredAnalysis = {
  lang: Lang;
  sentences: Sentence[];
  answers: AnswerType[];
  terms: [string, number][];
  words: [string, number][];
};
function serializeAnalysis(a: PassageAnalysis): StoredAnalysis {
  return {
    lang: a.lang,
    sentences: a.sentences,
    answers: [...a.answers],
    terms: [...a.terms],
    words: [...a.words],
  };
}
function deserializeAnalysis(a: StoredAnalysis): PassageAnalysis {
  return {
    lang: a.lang,
    sentences: a.sentences,
    answers: new Set(a.answers),
    terms: new Map(a.terms),
    words: new Map(a.words),
  };
}

/**
 * The key of each passage's analysis: a hash of everything it depends on (the analyser, the shop's
 * product names, the text, the indexed text, whether a price is known). Equal keys, equal analyses,
 * whatever the shop or process.
 */
export function analysisKeys(shop: ShopKnowledge): string[] {
  const prefix = `${analyserIdentity()}\u0000${productNamesOf(shop).join('\u0001')}\u0000`;
  return candidatesOf(shop).map((c) =>
    createHash('sha256')
      .update(`${prefix}${c.hasPrice ? 1 : 0}\u0000${c.p.text}\u0000${c.indexText}`)
      .digest('base64url'),
  );
}

/** The keys of the analyses a build of `shop` needs that `previous` does not hold: the ones to read. */
export function analysesToRead(shop: ShopKnowledge, previous?: ShopIndex): string[] {
  const held = previous ? analysesOf.get(previous)?.passages : undefined;
  return [...new Set(analysisKeys(shop).filter((key) => !held?.has(key)))];
}

/** The analyses this index's build made itself (not reused nor read): to store for other builds. */
export function madeAnalyses(index: ShopIndex): Map<string, StoredAnalysis> {
  const own = analysesOf.get(index);
  const out = new Map<string, StoredAnalysis>();
  for (const key of own?.made ?? []) {
    const a = own!.passages.get(key);
    if (a) out.set(key, serializeAnalysis(a));
  }
  return out;
}

/**
 * Builds a shop's index. Passages whose analysis is at hand are not analysed again: from `previous`
 * (an index of the same shop before a training change) or from `stored` (analyses by
 * `analysisKeys`, read from where other builds kept them). Postings, lengths, routing and speller are
 * then assembled from the analyses exactly as a build from nothing does, so the result is the same
 * index (the property test checks it).
 */
export function buildShopIndex(
  shop: ShopKnowledge,
  previous?: ShopIndex,
  stored?: Map<string, StoredAnalysis>,
): ShopIndex {
  const started = performance.now();
  const passages: Passage[] = [];
  const docs: Map<string, number>[] = [];
  const words: Map<string, number>[] = [];
  const productNames = productNamesOf(shop);
  const before = previous ? analysesOf.get(previous) : undefined;
  const analyses = new Map<string, PassageAnalysis>();
  const made = new Set<string>();
  const termsMemo = new Map<string, Map<string, number>>();
  let analysed = 0;
  /** Terms of a short text (a topic's name, its categorization, a product's name). */
  const termsOf = (text: string) => {
    let terms = termsMemo.get(text) ?? before?.terms.get(text);
    if (!terms) terms = analyze(text).terms;
    termsMemo.set(text, terms);
    return terms;
  };
  const neutral = (t: string) => {
    let out = t;
    for (const name of productNames) if (out.includes(name)) out = out.split(name).join(' ');
    return out;
  };
  const labels: (Map<string, number> | undefined)[] = [];
  const candidates = candidatesOf(shop);
  const keys = analysisKeys(shop);
  const chunkKeys = new Map<string, number>();
  candidates.forEach(({ p, indexText, label, hasPrice }, i) => {
    const key = keys[i]!;
    let a = analyses.get(key) ?? before?.passages.get(key);
    if (!a) {
      const kept = stored?.get(key);
      if (kept) a = deserializeAnalysis(kept);
    }
    if (!a) {
      analysed++;
      made.add(key);
      a = analyseText(p.text, indexText, detectLanguage(neutral(p.text)), productNames, hasPrice);
    }
    analyses.set(key, a);
    if (p.kind === 'file') chunkKeys.set(p.id, passages.length);
    passages.push({ ...p, key: passages.length, lang: a.lang, sentences: a.sentences, answers: a.answers });
    docs.push(a.terms);
    words.push(a.words);
    labels.push(label === undefined ? undefined : termsOf(label));
  });
  const products = new Map<string, ProductRecord>();
  for (const product of shop.products) products.set(product.productId, product);

  const nextChunk = new Map<number, number>();
  const byFile = new Map<string, Map<number, number>>();
  for (const chunk of shop.chunks) {
    const key = chunkKeys.get(chunk.id);
    if (key === undefined) continue;
    const ordinals = byFile.get(chunk.fileId) ?? new Map<number, number>();
    ordinals.set(chunk.ordinal, key);
    byFile.set(chunk.fileId, ordinals);
  }
  for (const ordinals of byFile.values()) {
    for (const [ordinal, key] of ordinals) {
      const next = ordinals.get(ordinal + 1);
      if (next !== undefined) nextChunk.set(key, next);
    }
  }

  const bm25 = buildBm25(docs, labels);

  const topics = shop.topics.map((t) => ({ id: t.id, name: t.name }));
  const routing = buildBm25(shop.topics.map((t) => termsOf(`${t.name}\n${t.categorization.join('\n')}`)));

  const productNameTerms = new Map<string, Map<string, number>>();
  const productVariationTerms = new Map<string, Set<string>>();
  for (const product of shop.products) {
    const nameTerms = termsOf(product.name);
    productNameTerms.set(product.productId, nameTerms);
    const variationTerms = new Set<string>();
    for (const v of product.variations ?? []) {
      for (const t of termsOf(v.name).keys()) if (!nameTerms.has(t)) variationTerms.add(t);
    }
    productVariationTerms.set(product.productId, variationTerms);
  }

  const counts = new Map<string, number>();
  const addWords = (own: Map<string, number>) => {
    for (const [w, n] of own) counts.set(w, (counts.get(w) ?? 0) + n);
  };
  for (const w of words) addWords(w);
  for (const t of shop.topics) addWords(latinWords(t.categorization.join('\n')));

  const index: ShopIndex = {
    shopName: shop.shopName,
    handoverMessage: shop.handoverMessage ?? {},
    passages,
    bm25,
    topics,
    routing,
    products,
    productNameTerms,
    productVariationTerms,
    nextChunk,
    speller: new SpellingCorrector(counts, sharedVocabulary()),
    stats: {
      passages: passages.length,
      terms: bm25.postings.size,
      analysed,
      buildMs: performance.now() - started,
    },
  };
  analysesOf.set(index, { passages: analyses, terms: termsMemo, made });
  return index;
}

/** Vectors kept by content hash for one embedding model, so a passage is embedded once, not per process. */
export interface VectorStore {
  load(hashes: string[]): Promise<Map<string, Float32Array>>;
  save(vectors: Map<string, Float32Array>): Promise<void>;
}

/** The text of a passage that is embedded: its title (a product's name) and its text. */
export function embeddingText(p: Passage): string {
  return p.title ? `${p.title}\n${p.text}` : p.text;
}

/** The key a passage's vector is stored under (with the model's name): a hash of its embedded text. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

/**
 * Gives every passage of an index its vector so retrieval can blend in vector similarity. A vector
 * comes, in this order, from the previous index of the shop (same text), from `store`, or from the
 * embedder (in batches), and the ones the embedder made are saved to `store`.
 */
export async function embedShopIndex(
  index: ShopIndex,
  embedder: Embedder,
  options: { batchSize?: number; store?: VectorStore; previous?: ShopIndex } = {},
): Promise<{ reused: number; loaded: number; embedded: number }> {
  const batchSize = options.batchSize ?? 64;
  const hashes = index.passages.map((p) => contentHash(embeddingText(p)));
  const known = new Map<string, Float32Array>();
  const { previous } = options;
  if (previous?.vectors) {
    previous.passages.forEach((p, i) => {
      const v = previous.vectors![i];
      if (v) known.set(contentHash(embeddingText(p)), v);
    });
  }
  const reused = hashes.filter((h) => known.has(h)).length;
  const wanted = [...new Set(hashes.filter((h) => !known.has(h)))];
  let loaded = 0;
  if (options.store && wanted.length) {
    for (const [h, v] of await options.store.load(wanted)) {
      known.set(h, v);
      loaded++;
    }
  }
  const missing: number[] = [];
  const seen = new Set<string>();
  hashes.forEach((h, i) => {
    if (known.has(h) || seen.has(h)) return;
    seen.add(h);
    missing.push(i);
  });
  const made = new Map<string, Float32Array>();
  for (let i = 0; i < missing.length; i += batchSize) {
    const keys = missing.slice(i, i + batchSize);
    const embedded = await embedder.embed(keys.map((k) => embeddingText(index.passages[k]!)));
    if (embedded.length !== keys.length)
      throw new Error('the embedding model returned a wrong number of vectors');
    keys.forEach((k, j) => {
      const v = Float32Array.from(embedded[j]!);
      known.set(hashes[k]!, v);
      made.set(hashes[k]!, v);
    });
  }
  if (options.store && made.size) await options.store.save(made);
  index.vectors = hashes.map((h) => known.get(h)!);
  return { reused, loaded, embedded: made.size };
}
