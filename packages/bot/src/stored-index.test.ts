import { describe, expect, it } from 'vitest';
import { buildShopIndex, estimateIndexBytes, type ShopIndex } from './index-builder.ts';
import { retrieve } from './retrieval.ts';
import { reviveShopIndex, serializeShopIndex } from './stored-index.ts';
import { testShop } from './test-support/shop-fixture.ts';

const QUESTIONS = [
  'how much is shipping to sabah?',
  'berapa lama waranti pam susu?',
  '几天到货？',
  'can I return the stroller?',
  'do you have spare teats for the botle',
  'paymnt by cod?',
];
const ranked = (index: ShopIndex) =>
  QUESTIONS.map((q) => retrieve(index, q).ranked.map((r) => [r.passage.key, r.score]));

describe('a stored index', () => {
  it('revives into the index its build made: same structures, same rankings, same weight', () => {
    const shop = testShop();
    const built = buildShopIndex(shop);
    const revived = reviveShopIndex(serializeShopIndex(built), shop)!;
    expect({ ...revived, stats: undefined }).toEqual({ ...built, stats: undefined });
    expect(revived.stats.analysed).toBe(0);
    expect(estimateIndexBytes(revived)).toBe(estimateIndexBytes(built));
    expect(ranked(revived)).toEqual(ranked(built));
  });

  it('takes the shop name and handover message from the shop, not from the stored text', () => {
    const built = buildShopIndex(testShop());
    const revived = reviveShopIndex(serializeShopIndex(built), {
      shopName: 'Renamed',
      handoverMessage: { en: 'Wait for us.' },
    })!;
    expect(revived.shopName).toBe('Renamed');
    expect(revived.handoverMessage).toEqual({ en: 'Wait for us.' });
  });

  it('is not revived when another form or analyser wrote it', () => {
    const shop = testShop();
    const stored = JSON.parse(serializeShopIndex(buildShopIndex(shop))) as { format: string };
    expect(
      reviveShopIndex(JSON.stringify({ ...stored, format: `0.${stored.format}` }), shop),
    ).toBeUndefined();
  });
});
