import { type Bm25Index, bm25Idf, type ShopIndex, type TopicRef } from './index-builder.ts';

// Topic routing: each topic is described by its name and the merchant's categorization instructions
// ("Delivery questions: shipping fee, which courier...", "中文：运费、几天到货"). A message is scored
// against those descriptions with BM25 and, more weakly, against the topic's own knowledge entries;
// both are normalized across topics and blended.

export interface TopicScore {
  topic: TopicRef;
  /** 0..1, relative to the best topic. */
  score: number;
  /** BM25 of the message against the categorization instructions. */
  categorization: number;
}

const K1 = 1.2;

/** BM25 of a weighted query against every document of an index. */
export function scoreBm25(index: Bm25Index, query: Map<string, number>, b = 0.75): Float64Array {
  const scores = new Float64Array(index.docCount);
  const avg = index.avgLength || 1;
  for (const [term, weight] of query) {
    const posting = index.postings.get(term);
    if (!posting) continue;
    const idf = bm25Idf(index, term);
    const { docs, tfs } = posting;
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!;
      const tf = tfs[i]!;
      const norm = tf + K1 * (1 - b + (b * index.docLength[doc]!) / avg);
      scores[doc]! += weight * idf * ((tf * (K1 + 1)) / norm);
    }
  }
  return scores;
}

const CATEGORIZATION_WEIGHT = 0.6;

/**
 * Topics ranked for a message. `passageScores` (BM25 over all passages) adds the evidence of each
 * topic's best knowledge entry to the categorization match.
 */
export function routeTopics(
  index: ShopIndex,
  query: Map<string, number>,
  passageScores: Float64Array,
): TopicScore[] {
  if (index.topics.length === 0) return [];
  const cat = scoreBm25(index.routing, query, 0.3);
  const knowledge = new Map<string, number>();
  for (const p of index.passages) {
    if (p.kind !== 'topic' || !p.topicId) continue;
    const s = passageScores[p.key]!;
    if (s > (knowledge.get(p.topicId) ?? 0)) knowledge.set(p.topicId, s);
  }
  const maxCat = Math.max(...cat, 0);
  const maxKnowledge = Math.max(...knowledge.values(), 0);
  const scored = index.topics.map((topic, i) => {
    const c = maxCat > 0 ? cat[i]! / maxCat : 0;
    const k = maxKnowledge > 0 ? (knowledge.get(topic.id) ?? 0) / maxKnowledge : 0;
    return {
      topic,
      raw: CATEGORIZATION_WEIGHT * c + (1 - CATEGORIZATION_WEIGHT) * k,
      categorization: cat[i]!,
    };
  });
  const best = Math.max(...scored.map((s) => s.raw), 0);
  return scored
    .map((s) => ({ topic: s.topic, score: best > 0 ? s.raw / best : 0, categorization: s.categorization }))
    .sort((a, b) => b.score - a.score);
}
