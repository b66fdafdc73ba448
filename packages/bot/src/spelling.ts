import wordData from './data/words.json' with { type: 'json' };

// Spelling repair for shopper messages against the shop's own vocabulary: one-edit typos
// ("paymnt" -> "payment", "cacount" -> "account") through a delete-neighbourhood index, and words run
// together ("uaccept" -> "u accept", "exitpenalties" -> "exit penalties"). Only words the vocabulary
// does not know are touched, and results are memoized per vocabulary.

const MIN_FUZZY = 4;
/** Per shop: a thousand shops' correctors must not each keep tens of thousands of typos. */
const MEMO_LIMIT = 5_000;
const SHORT_WORD = 6;

function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  return (
    diff.length === 2 &&
    diff[1] === diff[0]! + 1 &&
    a[diff[0]!] === b[diff[1]!] &&
    a[diff[1]!] === b[diff[0]!]
  );
}
const SINGLE_LETTER_WORDS = new Set(['u', 'i']);
const SPLIT_RIGHT = new Set<string>(wordData.splitRight);
const SPLIT_LEFT = new Set<string>(wordData.splitLeft);

function deletes1(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** Optimal string alignment distance (Damerau-Levenshtein without repeated edits), capped at 2. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = new Array<number>(n + 1).fill(0);
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin >= 2) return 2;
    prev2 = prev;
    prev = cur;
  }
  return Math.min(prev[n]!, 2);
}

export class SpellingCorrector {
  private readonly freq = new Map<string, number>();
  private readonly neighbours = new Map<string, string[]>();
  private readonly memo = new Map<string, string[] | undefined>();

  /**
   * `base`: a vocabulary every shop shares (the lexicon's and the built-in words), built once and
   * read through, so that a shop's corrector holds only its own words (a shop's index is about a
   * megabyte and a half lighter for it).
   */
  constructor(
    counts: Iterable<[string, number]>,
    private readonly base?: SpellingCorrector,
  ) {
    for (const [word, n] of counts) {
      if (!/^[a-z]+$/.test(word)) continue;
      this.freq.set(word, (this.freq.get(word) ?? 0) + n);
    }
    for (const word of this.freq.keys()) {
      if (word.length < MIN_FUZZY - 1) continue;
      for (const key of [word, ...deletes1(word)]) {
        const list = this.neighbours.get(key);
        if (list) list.push(word);
        else this.neighbours.set(key, [word]);
      }
    }
  }

  private countOf(word: string): number {
    return (this.freq.get(word) ?? 0) + (this.base?.countOf(word) ?? 0);
  }

  private near(key: string): string[] {
    const own = this.neighbours.get(key) ?? [];
    const shared = this.base?.near(key) ?? [];
    return shared.length === 0 ? own : own.length === 0 ? shared : [...own, ...shared];
  }

  known(word: string): boolean {
    return this.freq.has(word) || this.base?.known(word) === true;
  }

  /** The words this corrector holds itself and their counts, in the order it took them (a stored index). */
  ownCounts(): [string, number][] {
    return [...this.freq];
  }

  /** Entries this corrector holds itself (not its base's): its words and their neighbourhood keys. */
  get entries(): number {
    return this.freq.size + this.neighbours.size + this.memo.size;
  }

  /** Replacement words for an unknown word, or undefined to keep it as typed. */
  correct(word: string): string[] | undefined {
    if (this.memo.has(word)) return this.memo.get(word);
    const result = this.compute(word);
    if (this.memo.size >= MEMO_LIMIT) this.memo.clear();
    this.memo.set(word, result);
    return result;
  }

  private compute(word: string): string[] | undefined {
    if (word.length < MIN_FUZZY || this.known(word) || !/^[a-z]+$/.test(word)) return undefined;
    const near = this.nearest(word);
    if (near) return [near];
    return this.split(word);
  }

  private nearest(word: string): string | undefined {
    const seen = new Set<string>();
    let best: string | undefined;
    let bestScore = -1;
    for (const key of [word, ...deletes1(word)]) {
      for (const candidate of this.near(key)) {
        if (seen.has(candidate)) continue;
        seen.add(candidate);
        if (candidate.length < MIN_FUZZY - 1 || editDistance(word, candidate) !== 1) continue;
        // Short words are too often real words ("last" is not "list", "match" is not "march"): under
        // six letters, only a swapped pair or a missing / extra letter ("oder", "parel").
        if (word.length < SHORT_WORD && candidate.length === word.length && !isTransposition(word, candidate))
          continue;
        // A wrong or extra first letter is rarely a typo ("rashes" is not "washes", "iphone" is not
        // "phone"), a swapped first pair may be ("cacount").
        if (candidate[0] !== word[0] && !(candidate[0] === word[1] && candidate[1] === word[0])) continue;
        const score = this.countOf(candidate) + (candidate[0] === word[0] ? 0.5 : 0);
        if (score > bestScore) {
          best = candidate;
          bestScore = score;
        }
      }
    }
    return best;
  }

  private split(word: string): string[] | undefined {
    let best: string[] | undefined;
    let bestScore = 0;
    for (let i = 1; i < word.length - 2; i++) {
      const left = word.slice(0, i);
      const right = word.slice(i);
      if (!this.known(right)) continue;
      // "uaccept", "ihave": a pronoun glued to a common verb; "tosomebody": a short function word
      // glued to a longer word; otherwise two real words of three letters or more.
      const ok =
        i === 1
          ? SINGLE_LETTER_WORDS.has(left) && SPLIT_RIGHT.has(right)
          : i === 2
            ? SPLIT_LEFT.has(left) && right.length >= 4
            : word.length >= 7 && i >= 3 && this.known(left) && right.length >= 3;
      if (!ok) continue;
      const score = Math.min(this.countOf(left) || 1, this.countOf(right)) * Math.min(i, right.length);
      if (score > bestScore) {
        best = [left, right];
        bestScore = score;
      }
    }
    return best;
  }
}
