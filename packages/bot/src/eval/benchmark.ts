import { splitSentences } from '../chunk.ts';
import { answerOffline } from '../engine.ts';
import { buildShopIndex } from '../index-builder.ts';
import type { KnowledgeChunk, ShopKnowledge } from '../types.ts';
import type { EvalSet } from './load-set.ts';
import { percentile } from './score.ts';
import { seededRandom } from './seeded-random.ts';

// The answering budget: p95 under 50 ms per answer (offline) with 1,000 chunks in the shop. The shop is
// every evaluation set merged (topics, products, files), padded with synthetic chunks made of real
// sentences from those sets, so term statistics stay realistic; every set question is then asked.

export interface BenchmarkResult {
  chunks: number;
  passages: number;
  questions: number;
  buildMs: number;
  p50: number;
  p95: number;
  max: number;
}

export function buildBenchmarkShop(sets: EvalSet[], chunkCount = 1000, seed = 7): ShopKnowledge {
  const shop: ShopKnowledge = {
    shopName: 'Benchmark shop',
    topics: [],
    chunks: [],
    products: [],
    productInfo: [],
  };
  sets.forEach((set, s) => {
    shop.topics.push(...set.shop.topics.map((t) => ({ ...t, id: `s${s}-${t.id}` })));
    shop.chunks.push(
      ...set.shop.chunks.map((c) => ({ ...c, id: `s${s}-${c.id}`, fileId: `s${s}-${c.fileId}` })),
    );
    shop.products.push(...set.shop.products);
    shop.productInfo.push(...set.shop.productInfo.map((p) => ({ ...p, id: `s${s}-${p.id}` })));
  });
  const sentences = [
    ...shop.chunks.flatMap((c) => splitSentences(c.text)),
    ...shop.topics.flatMap((t) => t.knowledge.flatMap((k) => splitSentences(k.text))),
  ].filter((s) => s.length > 20);
  const next = seededRandom(seed);
  const synthetic: KnowledgeChunk[] = [];
  for (let i = 0; shop.chunks.length + synthetic.length < chunkCount && sentences.length > 0; i++) {
    const parts: string[] = [];
    let length = 0;
    while (length < 420) {
      const sentence = sentences[Math.floor(next() * sentences.length)]!;
      parts.push(sentence);
      length += sentence.length + 1;
    }
    const fileNo = Math.floor(i / 20);
    synthetic.push({
      id: `syn-${i}`,
      fileId: `syn-f${fileNo}`,
      fileName: `archive-${fileNo}.txt`,
      text: parts.join(' '),
      ordinal: i % 20,
    });
  }
  shop.chunks.push(...synthetic);
  return shop;
}

export function benchmarkAnswering(
  sets: EvalSet[],
  options: { chunks?: number; rounds?: number } = {},
): BenchmarkResult {
  const shop = buildBenchmarkShop(sets, options.chunks ?? 1000);
  const started = performance.now();
  const index = buildShopIndex(shop);
  const buildMs = performance.now() - started;
  const questions = sets.flatMap((s) => s.questions.map((q) => q.question));
  for (const q of questions.slice(0, 20)) answerOffline(q, { index }); // warm-up
  const times: number[] = [];
  for (let round = 0; round < (options.rounds ?? 1); round++) {
    for (const q of questions) {
      const t0 = performance.now();
      answerOffline(q, { index });
      times.push(performance.now() - t0);
    }
  }
  return {
    chunks: shop.chunks.length,
    passages: index.passages.length,
    questions: times.length,
    buildMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(0, ...times),
  };
}
