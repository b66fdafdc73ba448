import { describe, expect, it } from 'vitest';
import { sentencesOf } from './sentences.ts';

describe('sentencesOf', () => {
  it('tags each sentence with its language, section and list-ness', () => {
    const s = sentencesOf(
      '1. Free shipping\nWebsite orders of RM120 ship free. 西马一般1至3个工作天到货。',
      'en',
    );
    expect(s.map((x) => [x.text, x.lang, x.heading, x.section ?? null])).toEqual([
      ['1. Free shipping', 'en', true, null],
      ['Website orders of RM120 ship free.', 'en', false, 'Free shipping'],
      ['西马一般1至3个工作天到货。', 'zh', false, 'Free shipping'],
    ]);
  });

  it('takes a numbered title listing what it covers for a heading, not a sentence', () => {
    const s = sentencesOf(
      '8. Exchanges, store credit and shipping fees\nWe add a 5% bonus to store credit.',
      'en',
    );
    expect(s[0]!.heading).toBe(true);
    expect(s[1]!.section).toBe('Exchanges, store credit and shipping fees');
    // A numbered step is still a step.
    expect(sentencesOf('1. Open the app, then tap Orders.', 'en')[0]!.heading).toBe(false);
  });

  it('makes a FAQ question the context of the answer after it, and never sends the question', () => {
    const s = sentencesOf('Parcel shown as delivered but not received? Ask your neighbours first.', 'en');
    expect(s[0]!.skip).toBe(true);
    expect(s[1]!.section).toBe('Parcel shown as delivered but not received?');
  });
});
