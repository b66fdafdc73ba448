import { describe, expect, it } from 'vitest';
import { cardMessages } from './card-messages.ts';
import { countWords, formatCount, plural } from './count-words.ts';

describe('counted nouns', () => {
  it('are singular for exactly one and grouped by thousands', () => {
    expect(countWords.chats(0)).toBe('0 chats');
    expect(countWords.chats(1)).toBe('1 chat');
    expect(countWords.chats(2)).toBe('2 chats');
    expect(countWords.shopperMessages(1234)).toBe('1,234 shopper messages');
    expect(countWords.questions(1)).toBe('1 question');
    expect(countWords.needYou(1)).toBe('1 needs you');
    expect(countWords.needYou(3)).toBe('3 need you');
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
  });

  it('group whole numbers by hand exactly as en-MY does, and fractions through Intl', () => {
    const intl = new Intl.NumberFormat('en-MY');
    for (const n of [0, 7, 999, 1000, 1234, 99_999, 100_000, 1_234_567, -1, -1234, -1_000_000, 2 ** 53 - 1])
      expect(formatCount(n)).toBe(intl.format(n));
    expect(formatCount(1234.5)).toBe('1,234.5');
  });

  it('are used by the card words', () => {
    expect(cardMessages.variations(1)).toBe('1 variation');
    expect(cardMessages.variations(6)).toBe('6 variations');
    expect(cardMessages.moreItems(1)).toBe('+1 more item');
  });
});
