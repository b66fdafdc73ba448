import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkText, parseCsv, splitSentences } from './chunk.ts';

const sentence = (i: number) => `Sentence number ${i} explains one more policy detail for shoppers.`;

describe('splitSentences', () => {
  it('splits on sentence ends and lines, not on list numbers, abbreviations or decimals', () => {
    expect(
      splitSentences('Pay RM14.90 now. No. 21, Jalan SR 8/3 is ours!\n1. Log in.\n2. Open Orders.'),
    ).toEqual(['Pay RM14.90 now.', 'No. 21, Jalan SR 8/3 is ours!', '1. Log in.', '2. Open Orders.']);
  });

  it('splits Chinese sentences without spaces', () => {
    expect(splitSentences('西马一般1至3天到货。东马需要更久！')).toEqual([
      '西马一般1至3天到货。',
      '东马需要更久！',
    ]);
  });
});

describe('chunkText', () => {
  it('makes chunks of about the target size on sentence boundaries', () => {
    const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ');
    const chunks = chunkText(text, { size: 500 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(600);
      expect(c.text.trim()).toMatch(/\.$/);
    }
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  it('overlaps consecutive chunks by one short sentence', () => {
    const text = Array.from({ length: 30 }, (_, i) => sentence(i)).join(' ');
    const [first, second] = chunkText(text, { size: 300 });
    const lastOfFirst = splitSentences(first!.text).at(-1)!;
    expect(second!.text.startsWith(lastOfFirst)).toBe(true);
  });

  it('repeats the section heading in a chunk that starts mid-section', () => {
    const text = `== Refund policy ==\n\n${Array.from({ length: 20 }, (_, i) => sentence(i)).join(' ')}`;
    const chunks = chunkText(text, { size: 300 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks)
      expect(c.text.startsWith('== Refund policy ==') || c.text.startsWith('Refund policy')).toBe(true);
  });

  it('keeps paragraphs whole when they fit', () => {
    const chunks = chunkText('First paragraph here.\n\nSecond paragraph here.', { size: 500 });
    expect(chunks).toEqual([{ ordinal: 0, text: 'First paragraph here.\nSecond paragraph here.' }]);
  });

  it('cuts an overlong sentence on word boundaries', () => {
    const chunks = chunkText(`${'word '.repeat(300)}end.`, { size: 200 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(260);
  });
});

describe('chunkDocument', () => {
  it('turns CSV rows into "column: value" lines', () => {
    const csv = 'product,size,height_cm\nRomper,0-3M,50-62\n"Baju, Kurung",28,110-116\n';
    expect(parseCsv(csv)).toEqual([
      ['product', 'size', 'height_cm'],
      ['Romper', '0-3M', '50-62'],
      ['Baju, Kurung', '28', '110-116'],
    ]);
    const [chunk] = chunkDocument('size-chart.csv', csv);
    expect(chunk!.text).toContain('product: Romper; size: 0-3M; height cm: 50-62');
    expect(chunk!.text).toContain('product: Baju, Kurung; size: 28; height cm: 110-116');
  });

  it('flattens JSON into "path: value" lines', () => {
    const json = JSON.stringify([{ q: 'Do you ship to Brunei?', a: { en: 'No, Malaysia only.' } }]);
    const [chunk] = chunkDocument('faq.json', json);
    expect(chunk!.text).toBe('q: Do you ship to Brunei?\na en: No, Malaysia only.');
  });

  it('treats unreadable JSON as text', () => {
    expect(chunkDocument('broken.json', '{ not json. Still text.')[0]!.text).toContain('not json');
  });
});
