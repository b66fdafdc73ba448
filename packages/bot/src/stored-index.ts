import { createHash } from 'node:crypto';
import type { AnswerType } from './answer-type.ts';
import {
  analyserIdentity,
  buildBm25,
  buildShopIndex,
  heldAnalyses,
  holdAnalyses,
  type Passage,
  type PassageAnalysis,
  type ShopIndex,
  sharedVocabulary,
} from './index-builder.ts';
import type { Sentence } from './sentences.ts';
import { SpellingCorrector } from './spelling.ts';
import { analyze } from './tokenize.ts';
import type { Lang, ProductRecord, ShopKnowledge } from './types.ts';

// A shop's assembled index written out as one JSON text, so a process that does not hold the shop
// revives it from one row instead of reading every row of the shop and assembling it again. Terms
// and words are numbers into one table of strings; postings, lengths and the speller's neighbours
// are derived again on revival by the same code a build uses, so the revived index is the built one.

/**
 * Bumped by hand when the stored form or what an index holds changes in a way the probe below may
 * not show; the probe's stored form is hashed into the format too, so a change to how a build
 * assembles an index (passages, postings, routing, speller words) that shows on it retires stored
 * indexes by itself, as the analyser's identity retires stored analyses.
 */
const STORED_INDEX_REVISION = 1;
const PROBE: ShopKnowledge = {
  shopName: 'Probe',
  topics: [
    {
      id: 't',
      name: 'Penghantaran 运费',
      categorization: ['Shipping fee, courier, how many days to arrive.'],
      knowledge: [
        { id: 'k', text: 'Shipping RM6.90 to West Malaysia; 2-3 working days. 西马1至3个工作天。' },
      ],
    },
  ],
  chunks: [
    { id: 'c0', fileId: 'f', fileName: 'care-guide.txt', ordinal: 0, text: '== Care ==\n- Wash at 30°C' },
    {
      id: 'c1',
      fileId: 'f',
      fileName: 'care-guide.txt',
      ordinal: 1,
      text: 'Waranti 12 bulan, iron on low heat.',
    },
  ],
  products: [
    {
      productId: 'p',
      name: 'Baju Kurung Seri – Pink',
      description: 'Cotton silk. 颜色：玫瑰粉。',
      price: 129,
      currency: 'MYR',
      stock: 0,
      variations: [{ id: 'xl', name: 'XL Putih', price: 139, stock: 2 }],
    },
  ],
  productInfo: [{ id: 'i', productIds: ['p'], title: 'Saiz?', description: 'S to XL, fits true to size.' }],
};
let format: string | undefined;

/** What a stored index must have been written by to be revived: this form, analyser and assembly. */
export function storedIndexFormat(): string {
  if (format === undefined) {
    const probe = JSON.stringify(encode(buildShopIndex(PROBE)));
    const hash = createHash('sha256').update(`${analyserIdentity()}\u0000${probe}`).digest('base64url');
    format = `${STORED_INDEX_REVISION}.${hash.slice(0, 16)}`;
  }
  return format;
}

type PassageSpec = Omit<Passage, 'key' | 'lang' | 'sentences' | 'answers'>;
/** Term (or word) ids and counts, flattened: id, count, id, count... */
type Counts = number[];
/**
 * A sentence: where it is in its passage's text (from, to), or its own text when it is not a part
 * of it (to is then 0), its line, language, flags (heading 1, list item 2, skip 4) and section.
 */
type StoredSentence = [
  from: number | string,
  to: number,
  line: number,
  lang: Lang,
  flags: number,
  section?: string,
];

function encodeSentences(text: string, sentences: Sentence[]): StoredSentence[] {
  let at = 0;
  return sentences.map((s) => {
    const flags = (s.heading ? 1 : 0) | (s.listItem ? 2 : 0) | (s.skip ? 4 : 0);
    const found = text.indexOf(s.text, at);
    const where: [number | string, number] = found === -1 ? [s.text, 0] : [found, found + s.text.length];
    if (found !== -1) at = found;
    const out: StoredSentence = [...where, s.line, s.lang, flags];
    if (s.section !== undefined) out.push(s.section);
    return out;
  });
}

function decodeSentences(text: string, stored: StoredSentence[]): Sentence[] {
  return stored.map(([from, to, line, lang, flags, section]) => ({
    text: typeof from === 'string' ? from : text.slice(from, to),
    line,
    lang,
    heading: (flags & 1) !== 0,
    ...(section !== undefined ? { section } : {}),
    listItem: (flags & 2) !== 0,
    skip: (flags & 4) !== 0,
  }));
}

interface StoredPassage {
  p: PassageSpec;
  /** The analysis key (`analysisKeys`), to hold the analysis for the next build; '' if unknown. */
  k: string;
  lang: Lang;
  sentences: StoredSentence[];
  answers: AnswerType[];
  terms: Counts;
  words: Counts;
}

interface StoredShopIndex {
  format?: string;
  strings: string[];
  passages: StoredPassage[];
  topics: ShopIndex['topics'];
  routing: Counts[];
  products: ProductRecord[];
  productNameTerms: [string, Counts][];
  productVariationTerms: [string, number[]][];
  speller: Counts;
  nextChunk: number[];
}

/**
 * The index as one JSON text for `reviveShopIndex`. Vectors are not in it (they are stored by text
 * and model), nor the shop's name and handover message, which a reviver takes from the shop row.
 */
export function serializeShopIndex(index: ShopIndex): string {
  return JSON.stringify({ format: storedIndexFormat(), ...encode(index) });
}

function encode(index: ShopIndex): StoredShopIndex {
  const ids = new Map<string, number>();
  const strings: string[] = [];
  const id = (s: string) => {
    let n = ids.get(s);
    if (n === undefined) {
      n = strings.length;
      ids.set(s, n);
      strings.push(s);
    }
    return n;
  };
  const counts = (map: Iterable<[string, number]>): Counts => {
    const out: Counts = [];
    for (const [s, n] of map) out.push(id(s), n);
    return out;
  };
  // A built index's passage shares its sentences with its analysis: that is how its key is found.
  const keyOf = new Map<Sentence[], string>();
  const analyses = heldAnalyses(index);
  for (const [key, a] of analyses ?? []) keyOf.set(a.sentences, key);
  const passages = index.passages.map((passage, i): StoredPassage => {
    const { key: _key, lang, sentences, answers, ...p } = passage;
    const k = keyOf.get(sentences) ?? '';
    return {
      p,
      k,
      lang,
      sentences: encodeSentences(p.text, sentences),
      answers: [...answers],
      terms: counts(index.bm25.docTerms[i]!),
      words: counts(analyses?.get(k)?.words ?? []),
    };
  });
  return {
    strings,
    passages,
    topics: index.topics,
    routing: index.routing.docTerms.map(counts),
    products: [...index.products.values()],
    productNameTerms: [...index.productNameTerms].map(([p, terms]) => [p, counts(terms)]),
    productVariationTerms: [...index.productVariationTerms].map(([p, terms]) => [p, [...terms].map(id)]),
    speller: counts(index.speller.ownCounts()),
    nextChunk: [...index.nextChunk].flat(),
  };
}

/**
 * The index `serializeShopIndex` wrote, as a build of the same training makes it (the round-trip
 * test checks structures and rankings), or undefined when it was written in another format.
 */
export function reviveShopIndex(
  text: string,
  shop: { shopName: string; handoverMessage?: Partial<Record<Lang, string>> | undefined },
): ShopIndex | undefined {
  const started = performance.now();
  const stored = JSON.parse(text) as StoredShopIndex;
  if (stored.format !== storedIndexFormat()) return undefined;
  const { strings } = stored;
  const map = (flat: Counts) => {
    const out = new Map<string, number>();
    for (let i = 0; i < flat.length; i += 2) out.set(strings[flat[i]!]!, flat[i + 1]!);
    return out;
  };
  const analyses = new Map<string, PassageAnalysis>();
  const passages: Passage[] = [];
  const docs: Map<string, number>[] = [];
  const labels: (Map<string, number> | undefined)[] = [];
  // A topic passage's label is its topic's name (`name`), analysed again: a few words a topic.
  const nameTerms = new Map<string, Map<string, number>>();
  const termsOf = (text: string) => {
    let terms = nameTerms.get(text);
    if (!terms) {
      terms = analyze(text).terms;
      nameTerms.set(text, terms);
    }
    return terms;
  };
  for (const s of stored.passages) {
    // Passages of one text share one analysis, as in a build.
    let a = s.k ? analyses.get(s.k) : undefined;
    if (!a) {
      a = {
        lang: s.lang,
        sentences: decodeSentences(s.p.text, s.sentences),
        answers: new Set(s.answers),
        terms: map(s.terms),
        words: map(s.words),
      };
      if (s.k) analyses.set(s.k, a);
    }
    passages.push({ ...s.p, key: passages.length, lang: a.lang, sentences: a.sentences, answers: a.answers });
    docs.push(a.terms);
    labels.push(s.p.kind === 'topic' ? termsOf(s.p.name) : undefined);
  }
  const bm25 = buildBm25(docs, labels);
  const nextChunk = new Map<number, number>();
  for (let i = 0; i < stored.nextChunk.length; i += 2)
    nextChunk.set(stored.nextChunk[i]!, stored.nextChunk[i + 1]!);
  const index: ShopIndex = {
    shopName: shop.shopName,
    handoverMessage: shop.handoverMessage ?? {},
    passages,
    bm25,
    topics: stored.topics,
    routing: buildBm25(stored.routing.map(map)),
    products: new Map(stored.products.map((p) => [p.productId, p])),
    productNameTerms: new Map(stored.productNameTerms.map(([p, terms]) => [p, map(terms)])),
    productVariationTerms: new Map(
      stored.productVariationTerms.map(([p, terms]) => [p, new Set(terms.map((t) => strings[t]!))]),
    ),
    nextChunk,
    speller: new SpellingCorrector(map(stored.speller), sharedVocabulary()),
    stats: {
      passages: passages.length,
      terms: bm25.postings.size,
      analysed: 0,
      buildMs: performance.now() - started,
    },
  };
  holdAnalyses(index, analyses, nameTerms);
  return index;
}
