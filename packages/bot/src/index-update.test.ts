import { describe, expect, it } from 'vitest';
import { seededRandom } from './eval/seeded-random.ts';
import { buildShopIndex, madeAnalyses, type ShopIndex, type StoredAnalysis } from './index-builder.ts';
import { retrieve } from './retrieval.ts';
import { reviveShopIndex, serializeShopIndex } from './stored-index.ts';
import { testShop } from './test-support/shop-fixture.ts';
import type { ShopKnowledge } from './types.ts';

// An index updated from the previous one after a training change must be the index a build from
// nothing makes: random edits of every kind, applied one after another, compared structure by
// structure and by what retrieval returns.

const TEXTS = [
  'The shipping fee is RM6.90 to West Malaysia and RM14.90 to Sabah and Sarawak.',
  '西马一般1至3个工作天到货，东马一般4至7个工作天。',
  'Pesanan laman web dihantar dengan J&T Express ke Semenanjung.',
  'Returns must be requested within 7 days of receiving the parcel.',
  'Electric breast pumps have a 12-month warranty on the motor unit.',
  'Lubricate the stroller wheels with silicone spray every 3 months. Never use cooking oil.',
  'Kedai dibuka dari 9 pagi hingga 6 petang, Isnin hingga Sabtu.',
  'The Comel Anti-Colic Bottle comes with a slow-flow teat; spare teats cost RM16.90.',
  '我们收到退货后，会在3个工作天内处理退款。',
  'Waranti tidak meliputi kerosakan akibat air atau jatuh.',
  'Cash on delivery is available for orders below RM500.',
  'Sterilise the bottle in boiling water for five minutes before first use.',
  // Product names in a passage count for its language and its sentences: a rename must reach them.
  'Bantal Susu Large 是最受欢迎的款式。',
  'Comel Teether Ring V2 sesuai untuk bayi. Harga RM19.',
  'Lipat Travel Cot 可以折叠。Lipat Travel Cot – Grey V2 ada stok.',
];
const QUESTIONS = [
  'how much is shipping to sabah?',
  'berapa lama waranti pam susu?',
  '几天到货？',
  'can I return the stroller?',
  'stroler lipat berat berapa?',
  'do you have spare teats for the botle',
  'cod ada?',
];

type Edit = (shop: ShopKnowledge) => void;

function edits(next: () => number): Edit[] {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const text = () => `${pick(TEXTS)} ${next() < 0.5 ? pick(TEXTS) : ''}`.trim();
  let n = 0;
  const id = (prefix: string) => `${prefix}-${++n}-${Math.floor(next() * 1e6)}`;
  return [
    (shop) => {
      const topic = pick(shop.topics);
      topic?.knowledge.push({ id: id('k'), text: text() });
    },
    (shop) => {
      const topic = pick(shop.topics.filter((t) => t.knowledge.length));
      const entry = topic && pick(topic.knowledge);
      if (entry) entry.text = text();
    },
    (shop) => {
      const topic = pick(shop.topics.filter((t) => t.knowledge.length));
      topic?.knowledge.splice(Math.floor(next() * topic.knowledge.length), 1);
    },
    (shop) => {
      shop.topics.push({
        id: id('t'),
        name: pick(['Payment', 'Opening hours', 'Bayaran']) ?? 'Payment',
        categorization: [text()],
        knowledge: [{ id: id('k'), text: text() }],
      });
    },
    (shop) => {
      if (shop.topics.length) shop.topics.splice(Math.floor(next() * shop.topics.length), 1);
    },
    (shop) => {
      const topic = pick(shop.topics);
      if (topic) topic.categorization = [text()];
    },
    (shop) => {
      const fileId = pick(['care', 'faq', 'manual']) ?? 'care';
      const ordinal = shop.chunks.filter((c) => c.fileId === fileId).length;
      shop.chunks.push({ id: id('c'), fileId, fileName: `${fileId}.txt`, ordinal, text: text() });
    },
    (shop) => {
      // A file removed: all its chunks leave.
      const fileId = pick(shop.chunks)?.fileId;
      shop.chunks = shop.chunks.filter((c) => c.fileId !== fileId);
    },
    (shop) => {
      const chunk = pick(shop.chunks);
      if (chunk) chunk.text = text();
    },
    (shop) => {
      shop.products.push({
        productId: id('p'),
        name:
          pick([
            'Comel Teether Ring',
            'Lipat Travel Cot – Grey',
            'Bantal Susu Large',
            'Bantal Susu Large 是',
          ]) ?? 'x',
        description: text(),
        price: Math.round(next() * 10000) / 100,
      });
    },
    (shop) => {
      // A product synced: its price, stock or name changed.
      const product = pick(shop.products);
      if (!product) return;
      const roll = next();
      if (roll < 0.4) product.price = Math.round(next() * 10000) / 100;
      else if (roll < 0.7) product.stock = Math.floor(next() * 3);
      else product.name = `${product.name} V2`;
    },
    (shop) => {
      if (shop.products.length) shop.products.splice(Math.floor(next() * shop.products.length), 1);
    },
    (shop) => {
      const product = pick(shop.products);
      shop.productInfo.push({
        id: id('pi'),
        productIds: product ? [product.productId] : [],
        title: 'Question',
        description: text(),
      });
    },
    (shop) => {
      const info = pick(shop.productInfo);
      if (info) info.description = text();
    },
    (shop) => {
      if (shop.productInfo.length) shop.productInfo.splice(Math.floor(next() * shop.productInfo.length), 1);
    },
  ];
}

const withoutStats = (index: ShopIndex) => ({ ...index, stats: undefined });
const ranked = (index: ShopIndex) =>
  QUESTIONS.map((q) => retrieve(index, q).ranked.map((r) => [r.passage.key, r.score]));

describe('an index updated after a training change', () => {
  it('is the index a fresh build makes, after random edits of every kind', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const next = seededRandom(seed);
      const kinds = edits(next);
      const shop = structuredClone(testShop());
      let updated = buildShopIndex(shop);
      // Analyses kept as a database keeps them (JSON), by key, from every build so far.
      const stored = new Map<string, StoredAnalysis>();
      const keep = (index: ShopIndex) => {
        for (const [key, a] of madeAnalyses(index)) stored.set(key, JSON.parse(JSON.stringify(a)));
      };
      keep(updated);
      // Each step's index written out and revived (another process reading the stored index), then
      // updated by the next edit: revival keeps what the incremental path needs.
      const revive = (index: ShopIndex) => reviveShopIndex(serializeShopIndex(index), shop)!;
      let relayed = revive(updated);
      for (let step = 0; step < 12; step++) {
        kinds[Math.floor(next() * kinds.length)]!(shop);
        updated = buildShopIndex(shop, updated);
        keep(updated);
        const fromRevived = buildShopIndex(shop, relayed);
        expect(fromRevived.stats.analysed, `seed ${seed} step ${step}`).toBe(updated.stats.analysed);
        relayed = revive(fromRevived);
        const fresh = buildShopIndex(shop);
        // Another process, cold: every analysis read from the store, none made.
        const cold = buildShopIndex(shop, undefined, stored);
        expect(cold.stats.analysed, `seed ${seed} step ${step}`).toBe(0);
        // Structures first: retrieval fills the speller's memo of corrections.
        for (const index of [updated, cold, fromRevived, relayed])
          expect(withoutStats(index), `seed ${seed} step ${step}`).toEqual(withoutStats(fresh));
        const expected = ranked(fresh);
        for (const index of [updated, cold, fromRevived, relayed])
          expect(ranked(index), `seed ${seed} step ${step}`).toEqual(expected);
      }
    }
  }, 180_000);

  it('analyses only the passages that changed', () => {
    const shop = structuredClone(testShop());
    const first = buildShopIndex(shop);
    expect(first.stats.analysed).toBe(first.stats.passages);
    shop.chunks[0]!.text = 'Stroller care\nWipe the frame with a damp cloth.';
    shop.topics[0]!.knowledge.push({ id: 'new', text: 'Self pick-up is free at our Puchong store.' });
    const second = buildShopIndex(shop, first);
    expect(second.stats.analysed).toBe(2);
    expect([...madeAnalyses(second).keys()]).toHaveLength(2);
    // A product renamed changes every passage's language and sentences: all are analysed again.
    shop.products[0]!.name = 'Comel Bottle 240ml';
    expect(buildShopIndex(shop, second).stats.analysed).toBe(second.stats.passages);
    // The answer after the edit reads the edited text.
    const top = retrieve(second, 'how do I clean the stroller frame?').ranked[0]!.passage;
    expect(top.text).toContain('damp cloth');
  });
});
