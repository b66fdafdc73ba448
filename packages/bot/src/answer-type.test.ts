import { describe, expect, it } from 'vitest';
import { answersType, answerTypesOf, askedTypes, figureKinds } from './answer-type.ts';
import { answerOffline } from './engine.ts';
import { buildShopIndex } from './index-builder.ts';
import { retrieve } from './retrieval.ts';
import { testShop } from './test-support/shop-fixture.ts';

const asked = (q: string) => [...askedTypes(q)].sort();

describe('the kind of answer a question asks for', () => {
  it('reads question words in English, Malay (chat spellings too) and Chinese', () => {
    expect(asked('how much is the blender?')).toEqual(['price']);
    expect(asked('set basic harga brp')).toEqual(['price']);
    expect(asked('kalau warna hitam brp?')).toEqual(['price']);
    expect(asked('AquaPure UV款多少钱')).toEqual(['price']);
    expect(asked('运费多少')).toEqual(['price']);
    expect(asked('how long does delivery take')).toEqual(['span']);
    expect(asked('brp hari sampai kl')).toEqual(['span']);
    expect(asked('网上下单要等多久')).toEqual(['span']);
    expect(asked('what time do you close on saturday')).toEqual(['clock']);
    expect(asked('kedai buka pukul berapa')).toEqual(['clock']);
    expect(asked('星期六开到几点')).toEqual(['clock']);
    expect(asked('bila boleh pos?')).toEqual(['when']);
    expect(asked('how many pieces in a box')).toEqual(['count']);
    expect(asked('seminggu brp kali')).toEqual(['count']);
    expect(asked('一筒几个')).toEqual(['count']);
  });

  it('asks nothing of a yes/no or an open question', () => {
    expect(asked('do you ship to sabah?')).toEqual([]);
    expect(asked('boleh COD tak')).toEqual([]);
    expect(asked('可以退货吗')).toEqual([]);
  });

  it('a measure word before "berapa" asks that measure, not a price', () => {
    expect(asked('anak sy tinggi 100cm, saiz brp?')).not.toContain('price');
  });
});

describe('the kind of answer a text gives', () => {
  it('finds prices, shares, spans, clock times and days in each language', () => {
    expect(answerTypesOf('Comb binding RM3.00 per book').has('price')).toBe(true);
    expect(answerTypesOf('caj pembatalan 10% daripada nilai tempahan').has('price')).toBe(true);
    expect(answerTypesOf('全店文具9折').has('price')).toBe(true);
    expect(answerTypesOf('Delivery takes 2-4 working days.').has('span')).toBe(true);
    expect(answerTypesOf('西马一般1至3个工作天到货').has('span')).toBe(true);
    expect(answerTypesOf('Dihantar pada hari yang sama.').has('span')).toBe(true);
    expect(answerTypesOf('Isnin hingga Sabtu 10 pagi - 7 malam').has('clock')).toBe(true);
    expect(answerTypesOf('星期六上午9点至下午1点').has('clock')).toBe(true);
    expect(answerTypesOf('We are closed on Sundays.').has('when')).toBe(true);
    expect(answerTypesOf('We ship with J&T Express.').size).toBe(0);
  });

  it('a product with a catalogue price can always give a price', () => {
    expect(answerTypesOf('Lightweight cabin stroller.', true).has('price')).toBe(true);
  });

  it('matches any one of the kinds asked', () => {
    expect(answersType(new Set(['when']), answerTypesOf('Orders ship on Mondays.'))).toBe(true);
    expect(answersType(new Set(['span']), answerTypesOf('We use J&T Express.'))).toBe(false);
  });

  it('is linear on long runs', () => {
    for (const input of ['9'.repeat(100_000), `brp${' '.repeat(100_000)}x`, '1 '.repeat(50_000)]) {
      const start = performance.now();
      askedTypes(input);
      answerTypesOf(input);
      expect(performance.now() - start).toBeLessThan(200);
    }
  });
});

describe('answers that hold what was asked', () => {
  const index = buildShopIndex(testShop());

  it('prefers the passage that can give the kind of answer asked for', () => {
    const r = retrieve(index, 'how many days to sabah?');
    expect(r.query.asks.has('span')).toBe(true);
    expect(r.ranked[0]!.passage.id).toBe('ship-days');
  });

  it('a short follow-up keeps the kind the last question asked', () => {
    const r = retrieve(index, 'and to sabah?', {
      history: [{ role: 'shopper', text: 'how much is shipping to penang?' }],
    });
    expect([...r.query.asks]).toEqual(['price']);
  });

  it('hands over rather than quote a sentence without the asked figure', () => {
    for (const q of [
      'how much is the silicone spray?',
      'berapa lama teether boleh simpan dalam peti sejuk?',
    ]) {
      const r = answerOffline(q, { index });
      // Above the confidence floor: the reply was refused for what it lacks, not for a weak match.
      expect(r.confidence, q).toBeGreaterThan(0.3);
      expect(r.handover, q).toMatchObject({ reason: 'low_confidence' });
    }
  });
});

describe('where', () => {
  it('asks a place, which an address gives, and is never a figure a reply must hold', () => {
    expect(asked('where is ur physical shop')).toEqual(['place']);
    expect(asked('kedai kat mana')).toEqual(['place']);
    expect(asked('门市在哪里')).toEqual(['place']);
    expect(answerTypesOf('No. 12, Jalan Bestari 3, 43000 Kajang, Selangor').has('place')).toBe(true);
    expect(answerTypesOf('We ship from our warehouse in Shah Alam.').has('place')).toBe(false);
    expect([...figureKinds(new Set(['place', 'price']))]).toEqual(['price']);
  });
});
