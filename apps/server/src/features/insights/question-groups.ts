import { analyze } from '@balas/bot';

// Knowledge gaps are grouped by what the questions ask, with the bot's own analysis: its words,
// stems and Chinese bigrams, and the concepts of its English/Malay/Chinese lexicon ("postage",
// "caj pos" and "运费" are one concept), so the same question in another language lands in the
// same group. A word that spells a concept counts once, as the concept.

/** Least cosine similarity between a question and a group for the question to join it. */
export const SAME_QUESTION = 0.5;

const HAN = /\p{Script=Han}/u;
const NUMBER = /^\d+(?:\.\d+)?$/;

/** What a question asks about: the terms the bot's retrieval would look for. */
export function questionFeatures(text: string): Set<string> {
  const a = analyze(text);
  const covered = new Set<string>();
  for (const surface of a.lexical.keys()) for (const ch of surface) if (HAN.test(ch)) covered.add(ch);
  const features = new Set<string>();
  for (const term of a.terms.keys()) {
    if (a.lexical.has(term) || NUMBER.test(term)) continue;
    if (HAN.test(term)) {
      // Single characters say little; a bigram across a lexicon word's edge is noise.
      if (term.length < 2 || [...term].some((ch) => covered.has(ch))) continue;
    }
    features.add(term);
  }
  return features;
}

interface Group<T> {
  members: T[];
  /** feature -> how many members have it */
  weights: Map<string, number>;
  norm2: number;
}

function similarity(features: Set<string>, group: Group<unknown>): number {
  if (features.size === 0 || group.norm2 === 0) return 0;
  let dot = 0;
  for (const f of features) dot += group.weights.get(f) ?? 0;
  return dot / (Math.sqrt(features.size) * Math.sqrt(group.norm2));
}

function join<T>(group: Group<T>, member: T, features: Set<string>) {
  group.members.push(member);
  for (const f of features) {
    const w = group.weights.get(f) ?? 0;
    group.norm2 += 2 * w + 1;
    group.weights.set(f, w + 1);
  }
}

/**
 * Groups questions that ask the same thing. Each question (in the order given: newest first)
 * joins the group whose combined terms it is most similar to, when that similarity reaches
 * SAME_QUESTION, or starts a group. Questions with no usable term stay alone.
 */
export function groupQuestions<T extends { text: string }>(questions: T[], threshold = SAME_QUESTION): T[][] {
  const groups: Group<T>[] = [];
  for (const q of questions) {
    const features = questionFeatures(q.text);
    let best: Group<T> | undefined;
    let bestScore = threshold;
    for (const g of groups) {
      const score = similarity(features, g);
      if (score >= bestScore) {
        best = g;
        bestScore = score;
      }
    }
    if (best && features.size > 0) join(best, q, features);
    else {
      const group: Group<T> = { members: [], weights: new Map(), norm2: 0 };
      join(group, q, features);
      groups.push(group);
    }
  }
  return groups.map((g) => g.members);
}
