import { describe, expect, it } from 'vitest';
import { CONFIDENT, glossary as g, KNOWS } from './glossary.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

describe('the merchant glossary', () => {
  it('says file sizes in units that mean something', () => {
    expect(g.fileSize(312)).toBe('312 bytes');
    expect(g.fileSize(2_600)).toBe('3 KB');
    expect(g.fileSize(48 * 1024)).toBe('48 KB');
    expect(g.fileSize(1.4 * 1024 * 1024)).toBe('1.4 MB');
  });

  it('says how sure the bot is in words, never as a percentage, with what it means', () => {
    expect(g.confidence(1).label).toBe('Confident');
    expect(g.confidence(CONFIDENT).label).toBe('Confident');
    expect(g.confidence(0.45).label).toBe('Unsure');
    expect(g.confidence(KNOWS).label).toBe('Unsure');
    expect(g.confidence(0.12).label).toBe('Does not know');
    for (const c of [0, 0.12, 0.3, 0.45, 0.6, 0.82, 1]) {
      const { label, hint } = g.confidence(c);
      expect(`${label} ${hint}`).not.toMatch(/\d|%/);
      expect(hint.length).toBeGreaterThan(40);
    }
    expect(g.passages(1)).toBe('Ready · 1 passage');
    expect(g.passages(7)).toBe('Ready · 7 passages');
  });

  it('names a product source by the product, never by its id', () => {
    expect(g.sources.product('Bamboo Swaddle 120 cm')).toBe('Product: Bamboo Swaddle 120 cm');
    expect(g.sources.product(null)).toBe('Product');
    expect(g.sources.productInfo('Bamboo Swaddle 120 cm')).toBe('Product information: Bamboo Swaddle 120 cm');
  });

  it('says a topic’s limits before they are reached', () => {
    expect(g.topics.count('information', 3, 5)).toBe('3 of 5 shopper questions');
    expect(g.topics.count('response', 10, 10)).toBe('10 of 10 answers');
    expect(g.topics.full('information', 5)).toBe(
      'A topic holds at most 5 shopper questions. Make another topic for more.',
    );
    expect(g.files.tooLarge).toBe('Too large: a file can be at most 3 MB');
  });

  it('counts what a copy brings, with nouns that agree', () => {
    expect(g.copy.topics(1, 2, 1)).toBe('1 topic (2 shopper questions, 1 answer)');
    expect(g.copy.files(2, 1_500_000, 31)).toBe('2 files (1.4 MB, 31 passages)');
    expect(g.copy.productInfo(1, 3)).toBe(
      '1 product information entry for 3 products sold in both shops (matched by name)',
    );
    expect(g.copy.done({ topics: 3, files: 2, productInfo: 1 })).toBe(
      'Copied 3 topics, 2 files and 1 product information entry. The files are ready to answer from in a moment.',
    );
    expect(g.copy.done({ topics: 1, files: 0, productInfo: 0 })).toBe('Copied 1 topic.');
    expect(g.copy.done({ topics: 0, files: 0, productInfo: 0 })).toBe('Nothing was copied.');
  });

  it('has the chat header agree with the banner of a handed-over chat', () => {
    expect(g.chatBot.paused).toMatch(/until you hand the chat back/);
    expect(g.chatBot.pausedBanner).toMatch(/until you hand it back/);
  });

  it('never uses the engine’s own words, nor the labels merchants did not follow', () => {
    const said = [
      JSON.stringify(g),
      g.passages(3),
      ...[0.1, 0.5, 0.9].map((c) => JSON.stringify(g.confidence(c))),
      g.sources.product(null),
      g.copy.productInfo(2, 2),
    ].join(' ');
    expect(said).not.toMatch(/chunk|score|categori[sz]ation|not live|\(shop\)/i);
    expect(said).not.toMatch(/General Info|No Available Data|Question by user|Product Additional Info/);
  });

  it('says an email was sent only if the address has an account, not that a password was reset', () => {
    expect(messages.auth.forgotSent).toMatch(/^If an account uses this email address, we have sent/);
    expect(messages.auth.forgotSent).not.toMatch(/reset/i);
    expect(messages.auth.forgotSent).toContain(`${limits.resetTokenMinutes} minutes`);
  });
});
