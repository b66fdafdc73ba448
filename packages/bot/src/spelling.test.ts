import { describe, expect, it } from 'vitest';
import { editDistance, SpellingCorrector } from './spelling.ts';

const vocabulary: [string, number][] = [
  ['payment', 5],
  ['account', 5],
  ['parcel', 3],
  ['order', 9],
  ['accept', 2],
  ['exit', 2],
  ['penalties', 2],
  ['to', 20],
  ['somebody', 1],
  ['have', 10],
  ['rather', 1],
  ['phone', 2],
  ['washes', 1],
  ['list', 2],
  ['last', 1],
];

describe('editDistance', () => {
  it('counts a swapped pair as one edit', () => {
    expect(editDistance('ehlp', 'help')).toBe(1);
    expect(editDistance('paymnt', 'payment')).toBe(1);
    expect(editDistance('weather', 'rather')).toBe(2);
  });
});

describe('SpellingCorrector', () => {
  const speller = new SpellingCorrector(vocabulary);

  it('repairs one-edit typos of the shop vocabulary', () => {
    expect(speller.correct('paymnt')).toEqual(['payment']);
    expect(speller.correct('cacount')).toEqual(['account']);
    expect(speller.correct('parel')).toEqual(['parcel']);
    expect(speller.correct('oder')).toEqual(['order']);
  });

  it('splits words run together', () => {
    expect(speller.correct('uaccept')).toEqual(['u', 'accept']);
    expect(speller.correct('ihave')).toEqual(['i', 'have']);
    expect(speller.correct('tosomebody')).toEqual(['to', 'somebody']);
    expect(speller.correct('exitpenalties')).toEqual(['exit', 'penalties']);
  });

  it('splits a shorter pair of words the shop writes apart ("poslaju" for "Pos Laju")', () => {
    const shop = new SpellingCorrector([
      ['ship', 3],
      ['pos', 2],
      ['laju', 2],
      ['express', 1],
    ]);
    expect(shop.correct('poslaju')).toEqual(['pos', 'laju']);
  });

  it('leaves known words and likely real words alone', () => {
    expect(speller.correct('payment')).toBeUndefined();
    expect(speller.correct('rashes')).toBeUndefined(); // not "washes": a wrong first letter is no typo
    expect(speller.correct('iphone')).toBeUndefined(); // not "phone"
    expect(speller.correct('lust')).toBeUndefined(); // short words take no substitutions
    expect(speller.correct('weather')).toBeUndefined();
  });

  it('reads through a shared vocabulary as if its words were its own', () => {
    const shared = new SpellingCorrector([
      ['payment', 3],
      ['parcel', 2],
    ]);
    const shop = new SpellingCorrector(
      [
        ['parcels', 5],
        ['pascal', 1],
      ],
      shared,
    );
    const whole = new SpellingCorrector([
      ['parcels', 5],
      ['pascal', 1],
      ['payment', 3],
      ['parcel', 2],
    ]);
    for (const word of ['paymnt', 'parel', 'parcls', 'pascl', 'payment', 'parcelpayment'])
      expect(shop.correct(word)).toEqual(whole.correct(word));
    expect(shop.known('payment')).toBe(true);
    expect(shared.known('parcels')).toBe(false);
  });
});
