import { describe, expect, it } from 'vitest';
import { aboutAnotherProduct, answer, answerOffline } from './engine.ts';
import { buildShopIndex } from './index-builder.ts';
import { testShop } from './test-support/shop-fixture.ts';

const index = buildShopIndex(testShop({ handoverMessage: { ms: 'Admin kami akan balas sebentar lagi.' } }));

describe('answer (offline)', () => {
  it('answers with text, confidence, sources best first, topic, language and timings', async () => {
    const r = await answer('how much is shipping to sabah?', { index });
    expect(r.text).toContain('RM14.90');
    expect(r.confidence).toBeGreaterThan(0.5);
    expect(r.confidence).toBeLessThanOrEqual(1);
    expect(r.sources[0]).toMatchObject({ kind: 'topic', id: 'ship-fee', name: 'Shipping' });
    expect(r.sources[0]!.excerpt).toContain('RM14.90');
    const scores = r.sources.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(r.topic).toEqual({ id: 'shipping', name: 'Shipping' });
    expect(r.language).toBe('en');
    expect(r.handover).toBeNull();
    expect(r.composer).toBe('offline');
    expect(r.timings.totalMs).toBeGreaterThanOrEqual(r.timings.retrievalMs);
  });

  it('names sources by file name and product id', () => {
    expect(answerOffline('how often lubricate the stroller wheels', { index }).sources[0]).toMatchObject({
      kind: 'file',
      name: 'care-guide.txt',
    });
    expect(answerOffline('how much is it?', { index, productId: 'p-stroller' }).sources[0]).toMatchObject({
      kind: 'product',
      name: 'p-stroller',
    });
  });

  it('replies in the shopper language', () => {
    expect(answerOffline('berapa caj pos ke Sabah?', { index }).language).toBe('ms');
    expect(answerOffline('运费多少？', { index }).language).toBe('zh');
  });

  it('greets and thanks politely without handing over', () => {
    const hi = answerOffline('hello', { index });
    expect(hi).toMatchObject({ intent: 'greeting', handover: null, confidence: 1, sources: [] });
    expect(hi.text).toContain('Kedai Ujian');
    expect(answerOffline('terima kasih!', { index })).toMatchObject({
      intent: 'thanks',
      handover: null,
      language: 'ms',
    });
    expect(answerOffline('谢谢', { index }).text).toBe('不客气！如果还有其他问题，随时告诉我们。');
  });

  it('hands over as a field, with the reason, in the shopper language', () => {
    const human = answerOffline('can I talk to a real person?', { index });
    expect(human.handover).toMatchObject({ reason: 'asked_for_human' });
    expect(human.text).not.toMatch(/handover|\[|\]/i);
    expect(answerOffline('nak cakap dengan manusia', { index }).text).toBe(
      'Admin kami akan balas sebentar lagi.',
    );
    expect(answerOffline('你们是骗子！！马上退钱给我', { index }).handover?.reason).toBe('angry');
    expect(answerOffline('who won the football match last night', { index }).handover).toMatchObject({
      reason: 'low_confidence',
    });
    expect(answerOffline('what medicine for a rash?', { index }).handover).toEqual({ reason: 'medical' });
  });

  it('lets the caller move the confidence threshold', () => {
    expect(
      answerOffline('how much is shipping to sabah?', { index, minConfidence: 1.01 }).handover?.reason,
    ).toBe('low_confidence');
    expect(
      answerOffline('who won the football match last night', { index, minConfidence: 0 }).handover,
    ).toBeNull();
  });

  it('uses the conversation for a short follow-up and its language for a bare message', () => {
    const history = [{ role: 'shopper' as const, text: 'berapa caj pos ke Sabah?' }];
    const r = answerOffline('Sarawak?', { index, history });
    expect(r.language).toBe('ms');
    expect(r.sources[0]!.id).toBe('ship-fee');
  });

  it('treats an empty message as a greeting', () => {
    expect(answerOffline('   ', { index }).intent).toBe('greeting');
  });
});

describe('a product in the conversation', () => {
  const shop = buildShopIndex({
    shopName: 'Butik',
    topics: [
      {
        id: 'fabric',
        name: 'Fabric',
        categorization: [],
        knowledge: [{ id: 'bk', text: 'Our baju kurung are made of cotton silk. Hand wash in cold water.' }],
      },
    ],
    chunks: [
      {
        id: 'guide',
        fileId: 'f',
        fileName: 'guide.txt',
        ordinal: 0,
        text: 'Kurta Lelaki Raya and Baju Kurung Moden: iron on low heat.',
      },
    ],
    products: [
      { productId: 'bk', name: 'Baju Kurung Moden Seri Ayu', description: 'Pleated skirt.', price: 129 },
      {
        productId: 'kurta',
        name: 'Kurta Lelaki Raya',
        description: "Men's kurta in linen blend.",
        price: 89,
      },
    ],
    productInfo: [],
  });

  it('is never answered with another product facts', () => {
    const r = answerOffline('what material ah this one', { index: shop, productId: 'kurta' });
    expect(r.text).toContain('linen');
    expect(r.text).not.toContain('cotton silk');
  });

  it('gives the carried product price with the rest of the answer', () => {
    const r = answerOffline('got XL? how much', { index: shop, productId: 'kurta' });
    expect(r.text).toContain('RM89.00');
    expect(r.text).not.toContain('RM129');
  });

  it('tells passages about another product from guides naming the carried one too', () => {
    const about = (id: string) => shop.passages.find((p) => p.id === id)!;
    expect(aboutAnotherProduct(shop, about('bk'), 'kurta')).toBe(true);
    expect(aboutAnotherProduct(shop, about('bk'), 'bk')).toBe(false);
    expect(aboutAnotherProduct(shop, about('guide'), 'kurta')).toBe(false);
  });
});

describe('a message of several questions', () => {
  it('says a line once when two questions are answered by it', () => {
    const ix = buildShopIndex(
      testShop({
        topics: [
          {
            id: 'car',
            name: 'Car seats',
            categorization: [],
            knowledge: [{ id: 'cs', text: 'Car seats: stop using them 6 years after the manufacture date.' }],
          },
        ],
      }),
    );
    const r = answerOffline('got expiry date for car seats? when should i stop using the car seat', {
      index: ix,
    });
    expect(r.text.match(/6 years/g)?.length).toBe(1);
  });
});
