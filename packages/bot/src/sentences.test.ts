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

  it('gives each answer of a FAQ its own question, not the first one of the passage', () => {
    const s = sentencesOf(
      'Do you ship to Sabah?\nYes, for RM12.\nDo you ship to Brunei?\nNo, within Malaysia only.',
      'en',
    );
    expect(s.filter((x) => !x.skip).map((x) => [x.text, x.section])).toEqual([
      ['Yes, for RM12.', 'Do you ship to Sabah?'],
      ['No, within Malaysia only.', 'Do you ship to Brunei?'],
    ]);
  });

  it("takes a labelled question (a FAQ file's) for its answer's context, under any section title", () => {
    const s = sentencesOf(
      '# Wholesale\nQ: Saya mahu membeli secara borong.\nBorong bermula dengan 50 unit.\nQ: 可以批发吗\n可以，最少50件。',
      'ms',
    );
    expect(s.map((x) => [x.text, x.skip, x.section ?? null])).toEqual([
      ['# Wholesale', false, null],
      ['Q: Saya mahu membeli secara borong.', true, 'Wholesale'],
      ['Borong bermula dengan 50 unit.', false, 'Saya mahu membeli secara borong?'],
      ['Q: 可以批发吗', true, 'Saya mahu membeli secara borong?'],
      ['可以，最少50件。', false, '可以批发吗？'],
    ]);
    expect(s[4]!.lang).toBe('zh');
  });

  it('keeps "Step 1." with the step it opens', () => {
    expect(
      sentencesOf('Step 1. Send us a photo. Step 2. Wait for our reply.', 'en').map((x) => x.text),
    ).toEqual(['Step 1. Send us a photo.', 'Step 2. Wait for our reply.']);
  });
});
