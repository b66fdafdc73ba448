import { analyze } from '@balas/bot';

// Knowledge gaps are grouped by what the questions ask, with the bot's own analysis (`analyze`):
// the concepts of its English/Malay/Chinese lexicon ("invoice", "invois", "resit" and "发票" are one
// concept), the English words its dictionary glosses Chinese words with ("包装" -> wrap, pack), and
// the words and Chinese pairs of characters nothing of that covers. A question in another language
// shares the concepts and glosses, so it lands in the same group.
//
// Concepts weigh most; a gloss, a word or a pair of characters says less (a shopper's "minta",
// "please" or a pair across two words is rarely what is asked). Two questions are as similar as the
// cosine of their weighted terms; groups are joined while the average similarity of their questions
// reaches SAME_QUESTION (average linkage: the result does not depend on the order questions came in).
// Measured on a hand-made set of en/ms/zh paraphrases (knowledge-gaps.test.ts) and a second set kept
// out of the tuning: no group mixed two questions from 0.50 to 0.60, so the middle is taken.

/** Least average similarity between two groups' questions for the groups to be one. */
export const SAME_QUESTION = 0.55;

const WEIGHT = { concept: 1, gloss: 0.3, word: 0.3, hanPair: 0.2 } as const;
const HAN = /\p{Script=Han}/u;
const NUMBER = /^\d+(?:[.,]\d+)*$/;
const CONCEPT = '~';
const GLOSS = '=';

/** What a question asks about: the terms of the bot's analysis, each with its weight before rarity. */
export function questionFeatures(text: string): Map<string, number> {
  const a = analyze(text);
  // Chinese characters that belong to a lexicon word or a glossed word: their pairs are said by it.
  const covered = new Set<string>();
  for (const surface of a.lexical.keys()) for (const ch of surface) if (HAN.test(ch)) covered.add(ch);
  // A word glossed several ways ("包装": wrap, pack, package) weighs as one gloss in all.
  const senses = new Map<string, number>();
  for (const [word, glosses] of a.glosses) {
    if (HAN.test(word)) for (const ch of word) covered.add(ch);
    for (const g of glosses) senses.set(g, Math.max(senses.get(g) ?? 1, glosses.length));
  }
  const features = new Map<string, number>();
  for (const term of a.terms.keys()) {
    if (a.lexical.has(term) || NUMBER.test(term)) continue;
    if (term.startsWith(CONCEPT)) features.set(term, WEIGHT.concept);
    else if (term.startsWith(GLOSS)) features.set(term, WEIGHT.gloss / Math.sqrt(senses.get(term) ?? 1));
    else if (HAN.test(term)) {
      // Single characters say little; a pair inside or across a known word is said by that word.
      if (term.length >= 2 && ![...term].some((ch) => covered.has(ch))) features.set(term, WEIGHT.hanPair);
    }
    // An English word with a gloss is said by its gloss term (which Chinese questions share).
    else if (!a.glosses.has(term)) features.set(term, WEIGHT.word);
  }
  return features;
}

/** The terms scaled to length 1: the dot product of two is their cosine. */
function unit(features: Map<string, number>): Map<string, number> {
  let norm2 = 0;
  for (const w of features.values()) norm2 += w * w;
  const norm = Math.sqrt(norm2);
  const out = new Map<string, number>();
  if (norm > 0) for (const [term, w] of features) out.set(term, w / norm);
  return out;
}

interface Candidate {
  score: number;
  a: number;
  b: number;
  /** The clusters' versions when the score was taken: a later merge makes it stale. */
  va: number;
  vb: number;
}

/** Higher score first; ties by the older cluster ids (deterministic). */
const before = (x: Candidate, y: Candidate) =>
  x.score > y.score || (x.score === y.score && (x.a < y.a || (x.a === y.a && x.b < y.b)));

/** A binary max-heap of candidate merges. */
class Candidates {
  private readonly items: Candidate[] = [];
  push(c: Candidate) {
    const h = this.items;
    h.push(c);
    for (let i = h.length - 1; i > 0; ) {
      const parent = (i - 1) >> 1;
      if (!before(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }
  pop(): Candidate | undefined {
    const h = this.items;
    const top = h[0];
    const last = h.pop();
    if (h.length > 0 && last) {
      h[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l]!, h[m]!)) m = l;
        if (r < h.length && before(h[r]!, h[m]!)) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m]!, h[i]!];
        i = m;
      }
    }
    return top;
  }
}

/** Questions (by index) with the sum of their unit term vectors: their average similarity to another
 * cluster's questions is the dot product of the two sums over the product of the sizes. */
interface Cluster {
  members: number[];
  sum: Map<string, number>;
  version: number;
}

const dot = (x: Map<string, number>, y: Map<string, number>) => {
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let d = 0;
  for (const [term, w] of small) d += w * (large.get(term) ?? 0);
  return d;
};

/** Clusters a question is compared with at most (those sharing its rarest terms first). */
const CANDIDATES = 200;
/** Work between two yields to the event loop. */
const SLICE_MS = 8;

/**
 * Groups questions that ask the same thing (given newest first; each group lists its questions in
 * that order, groups by their newest question). Average linkage: groups are joined while their
 * questions' average similarity reaches `threshold`, the most similar first.
 *
 * Done in two passes that keep it near linear: each question in turn joins the cluster it is most
 * similar to on average (when that reaches the threshold), found through the terms they share (an
 * inverted index, at most CANDIDATES clusters); then clusters are joined by average linkage. Two
 * single questions were compared in the first pass already, so the second starts from the clusters
 * that grew. It yields to the event loop every few milliseconds: 2,000 questions made to be
 * expensive do not hold it. Questions with no usable term stay alone.
 */
export async function groupQuestions<T extends { text: string }>(
  questions: T[],
  threshold = SAME_QUESTION,
): Promise<T[][]> {
  let slice = performance.now();
  const pause = async () => {
    if (performance.now() - slice < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    slice = performance.now();
  };
  // Floating point: an average of exactly the threshold must not fall just under it.
  const least = threshold - 1e-9;
  const clusters: (Cluster | null)[] = [];
  const withTerm = new Map<string, Set<number>>();
  const index = (id: number, terms: Iterable<string>) => {
    for (const term of terms) {
      const set = withTerm.get(term);
      if (set) set.add(id);
      else withTerm.set(term, new Set([id]));
    }
  };
  const absorb = (into: Cluster, sum: Map<string, number>) => {
    for (const [term, w] of sum) into.sum.set(term, (into.sum.get(term) ?? 0) + w);
  };

  for (const [i, q] of questions.entries()) {
    await pause();
    const v = unit(questionFeatures(q.text));
    let best = -1;
    let bestScore = least;
    const seen = new Set<number>();
    const terms = [...v.keys()].sort((x, y) => (withTerm.get(x)?.size ?? 0) - (withTerm.get(y)?.size ?? 0));
    for (const term of terms) {
      for (const id of withTerm.get(term) ?? []) {
        if (seen.has(id)) continue;
        if (seen.size >= CANDIDATES) break;
        seen.add(id);
        const c = clusters[id]!;
        const s = dot(v, c.sum) / c.members.length;
        if (s > bestScore || (s >= bestScore && best !== -1 && id < best)) {
          best = id;
          bestScore = s;
        }
      }
    }
    if (best === -1) {
      clusters.push({ members: [i], sum: v, version: 0 });
      index(clusters.length - 1, v.keys());
    } else {
      clusters[best]!.members.push(i);
      absorb(clusters[best]!, v);
      index(best, v.keys());
    }
  }

  const heap = new Candidates();
  const offerAll = (a: number) => {
    const x = clusters[a]!;
    const others = new Set<number>();
    for (const term of x.sum.keys()) for (const b of withTerm.get(term)!) if (b !== a) others.add(b);
    for (const b of others) {
      const y = clusters[b]!;
      const s = dot(x.sum, y.sum) / (x.members.length * y.members.length);
      if (s < least) continue;
      heap.push(
        a < b
          ? { score: s, a, b, va: x.version, vb: y.version }
          : { score: s, a: b, b: a, va: y.version, vb: x.version },
      );
    }
  };
  for (const [a, c] of clusters.entries()) {
    await pause();
    if (c!.members.length > 1) offerAll(a);
  }
  for (let c = heap.pop(); c; c = heap.pop()) {
    const x = clusters[c.a];
    const y = clusters[c.b];
    if (!x || !y || x.version !== c.va || y.version !== c.vb) continue;
    await pause();
    // b joins a (the older id, so a group keeps its newest question's place).
    x.members.push(...y.members);
    absorb(x, y.sum);
    x.version++;
    for (const term of y.sum.keys()) withTerm.get(term)!.delete(c.b);
    clusters[c.b] = null;
    index(c.a, x.sum.keys());
    offerAll(c.a);
  }
  return clusters
    .filter((c): c is Cluster => c !== null)
    .map((c) => c.members.sort((p, q) => p - q).map((i) => questions[i]!));
}
