import { describe, expect, it } from 'vitest';
import { buildShopIndex } from './index-builder.ts';
import { analyzeQuery } from './retrieval.ts';
import { routeTopics, scoreBm25 } from './routing.ts';
import { testShop } from './test-support/shop-fixture.ts';

const index = buildShopIndex(testShop());

function route(question: string) {
  const query = analyzeQuery(index, question);
  return routeTopics(index, query.terms, scoreBm25(index.bm25, query.terms));
}

describe('routeTopics', () => {
  it('routes by the categorization instructions, in any language', () => {
    expect(route('which courier do you use?')[0]!.topic.name).toBe('Shipping');
    expect(route('kurier apa untuk hantar barang?')[0]!.topic.name).toBe('Shipping');
    expect(route('快递几天到货？')[0]!.topic.name).toBe('Shipping');
    expect(route('how long does a refund take')[0]!.topic.name).toBe('Returns & Refunds');
    expect(route('can i get spare parts for my breast pump')[0]!.topic.name).toBe('Warranty');
  });

  it('scores topics relative to the best one', () => {
    const scores = route('shipping fee to sabah');
    expect(scores[0]!.score).toBe(1);
    expect(scores.every((s) => s.score >= 0 && s.score <= 1)).toBe(true);
    expect(scores[0]!.categorization).toBeGreaterThan(0);
  });

  it('gives no categorization evidence for an unrelated message', () => {
    expect(route('tell me a joke').every((s) => s.categorization === 0)).toBe(true);
  });

  it('returns nothing for a shop without topics', () => {
    const bare = buildShopIndex(testShop({ topics: [] }));
    const query = analyzeQuery(bare, 'shipping fee');
    expect(routeTopics(bare, query.terms, scoreBm25(bare.bm25, query.terms))).toEqual([]);
  });
});
