import { describe, expect, it } from 'vitest';
import { buildShopIndex } from './index-builder.ts';
import { retrieve } from './retrieval.ts';
import { testShop } from './test-support/shop-fixture.ts';

const index = buildShopIndex(testShop());
const top = (question: string, options = {}) => {
  const r = retrieve(index, question, options).ranked[0]!.passage;
  return `${r.kind}:${r.name}:${r.id}`;
};

describe('buildShopIndex', () => {
  it('indexes topic entries, file chunks, products and product info once', () => {
    expect(index.passages.map((p) => `${p.kind}:${p.id}`)).toEqual([
      'topic:ship-fee',
      'topic:ship-days',
      'topic:ship-courier',
      'topic:ret-window',
      'topic:ret-refund',
      'topic:war-pump',
      'file:care-1',
      'file:care-2',
      'product:p-bottle',
      'product:p-stroller',
      'product:pi-teats',
    ]);
    expect(index.passages.find((p) => p.id === 'ship-days')!.lang).toBe('zh');
    expect(index.nextChunk.get(6)).toBe(7);
    expect(index.stats.terms).toBeGreaterThan(50);
  });
});

describe('retrieve', () => {
  it('ranks the passage that answers the question first', () => {
    expect(top('how much is shipping to sarawak?')).toBe('topic:Shipping:ship-fee');
    expect(top('how often should I lubricate the stroller wheels')).toBe('file:care-guide.txt:care-1');
    expect(top('can the teether go in the freezer?')).toBe('file:care-guide.txt:care-2');
    expect(top('how long is the warranty for the breast pump motor')).toBe('topic:Warranty:war-pump');
  });

  it('finds facts written in another language (cross-lingual lexicon)', () => {
    expect(top('how many working days to west malaysia?')).toBe('topic:Shipping:ship-days');
    expect(top('after you receive my return, how long until the refund?')).toBe(
      'topic:Returns & Refunds:ret-refund',
    );
    expect(top('运费多少？')).toBe('topic:Shipping:ship-fee');
    expect(top('which courier for website orders?')).toBe('topic:Shipping:ship-courier');
  });

  it('puts the product the message was sent from first', () => {
    expect(top('how much is it?', { productId: 'p-stroller' })).toBe('product:p-stroller:p-stroller');
    expect(top('how much is it?', { productId: 'p-bottle' })).toMatch(/^product:p-bottle:/);
  });

  it('recognizes a product named in the message', () => {
    expect(top('how heavy is the lipat lite stroller')).toBe('product:p-stroller:p-stroller');
    expect(top('do other teats fit the anti-colic bottle?')).toBe('product:p-bottle:pi-teats');
    expect(retrieve(index, 'price of lipat lite cabin stroller').productId).toBe('p-stroller');
  });

  it('repairs typos and chat spelling against the shop vocabulary', () => {
    expect(top('shiping fee to sabah pls')).toBe('topic:Shipping:ship-fee');
    expect(top('refnd takes how long ah')).toMatch(/^topic:Returns & Refunds:/);
  });

  it('ignores an order number in the question', () => {
    const r = retrieve(index, 'refund for order 2410093123 please');
    expect([...r.query.terms.keys()]).not.toContain('2410093123');
  });

  it('has a high confidence for a covered question and a low one for an unrelated one', () => {
    expect(retrieve(index, 'how much is shipping to sabah').confidence).toBeGreaterThan(0.6);
    expect(retrieve(index, 'who won the football match last night').confidence).toBeLessThan(0.3);
    expect(retrieve(index, 'what is the weather tomorrow').confidence).toBeLessThan(0.3);
    expect(retrieve(index, '今天天气怎么样').confidence).toBeLessThan(0.3);
  });

  it('borrows the previous question for a short follow-up', () => {
    const history = [{ role: 'shopper' as const, text: 'how much is shipping to sabah?' }];
    expect(retrieve(index, 'and to sarawak?', { history }).ranked[0]!.passage.id).toBe('ship-fee');
  });

  it('starts a new subject when the message names one, keeping only the place asked before', () => {
    const history = [{ role: 'shopper' as const, text: 'how much is shipping to sabah?' }];
    const query = retrieve(index, 'how long is the warranty for the pump?', { history }).query;
    expect(query.terms.has('~warranty')).toBe(true);
    expect(query.terms.has('~shipping_fee')).toBe(false);
    expect(query.terms.has('~sabah')).toBe(true);
    expect(retrieve(index, 'can I return it?', { history }).ranked[0]!.passage.id).toBe('ret-window');
  });

  it('blends in vector similarity when the index is embedded', () => {
    const embedded = buildShopIndex(testShop());
    embedded.vectors = embedded.passages.map((p) => Float32Array.from(p.id === 'war-pump' ? [1, 0] : [0, 1]));
    const r = retrieve(embedded, 'what about the motor?', { queryVector: [1, 0] });
    expect(r.ranked[0]!.passage.id).toBe('war-pump');
  });

  it('does not let a piece of a Chinese word stand for its concept', () => {
    // "付款" (payment) is a piece of "货到付款" (cash on delivery): a passage about refunds to the
    // original payment method says nothing about COD.
    const ix = buildShopIndex(
      testShop({
        topics: [
          {
            id: 'pay',
            name: 'Payment',
            categorization: [],
            knowledge: [
              { id: 'cod', text: 'COD hanya untuk pesanan Shopee & Lazada. Laman web kami tiada COD.' },
              { id: 'refund', text: '官网订单的退款会退回原付款方式。' },
            ],
          },
        ],
      }),
    );
    const r = retrieve(ix, '官网可以货到付款吗？');
    expect(r.ranked[0]!.passage.id).toBe('cod');
    const refund = r.ranked.find((x) => x.passage.id === 'refund');
    expect(refund?.coverage ?? 0).toBeLessThan(r.ranked[0]!.coverage);
  });
});
