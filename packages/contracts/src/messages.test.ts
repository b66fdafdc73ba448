import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';

const g = messages.glossary;

describe('the merchant glossary', () => {
  it('says file sizes in units that mean something', () => {
    expect(g.fileSize(312)).toBe('312 bytes');
    expect(g.fileSize(2_600)).toBe('3 KB');
    expect(g.fileSize(48 * 1024)).toBe('48 KB');
    expect(g.fileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
  });

  it('says how sure the bot is in words, and counts passages', () => {
    expect(g.certainty(0.82)).toBe('Sure (82%)');
    expect(g.certainty(0.4)).toBe('Fairly sure (40%)');
    expect(g.certainty(0.12)).toBe('Not sure (12%)');
    expect(g.passages(1)).toBe('Ready · 1 passage');
    expect(g.passages(7)).toBe('Ready · 7 passages');
  });

  it('never uses the engine’s own words', () => {
    const said = JSON.stringify(g) + [g.passages(3), g.certainty(0.5)].join(' ');
    expect(said).not.toMatch(/chunk|score|categori[sz]ation|not live/i);
  });
});
