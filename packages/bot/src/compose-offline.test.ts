import { describe, expect, it } from 'vitest';
import { composeOffline, detectSmallTalk, extract, trimToLength } from './compose-offline.ts';
import { buildShopIndex } from './index-builder.ts';
import { analyzeQuery, retrieve } from './retrieval.ts';
import { testShop } from './test-support/shop-fixture.ts';

const index = buildShopIndex(testShop());

describe('detectSmallTalk', () => {
  it.each([
    ['hi', 'greeting'],
    ['Hello there!', 'greeting'],
    ['assalamualaikum', 'greeting'],
    ['selamat pagi admin', 'greeting'],
    ['你好', 'greeting'],
    ['在吗？', 'greeting'],
    ['thank you so much!', 'thanks'],
    ['ok tq', 'thanks'],
    ['terima kasih banyak', 'thanks'],
    ['谢谢', 'thanks'],
    ['好的，谢谢老板', 'thanks'],
  ])('%s -> %s', (text, intent) => expect(detectSmallTalk(text)).toBe(intent));

  it.each([
    'hi, how much is shipping to sabah?',
    'hello do you ship to brunei',
    '你好，运费多少？',
    'thanks, and the refund?',
  ])('a greeting with a question is a question: %s', (text) =>
    expect(detectSmallTalk(text)).toBe('question'));
});

describe('trimToLength', () => {
  const long =
    'First sentence is here. Second sentence is a little longer than the first one. Third sentence closes it.';

  it('keeps short text and cuts long text on a sentence boundary', () => {
    expect(trimToLength('Short.', 350)).toBe('Short.');
    expect(trimToLength(long, 80)).toBe(
      'First sentence is here. Second sentence is a little longer than the first one.',
    );
  });

  it('falls back to a clause, then a word boundary, with an ellipsis', () => {
    expect(trimToLength('one, two, three, four, five, six, seven, eight', 30)).toBe(
      'one, two, three, four, five…',
    );
    expect(trimToLength('alpha beta gamma delta epsilon zeta eta theta', 20)).toBe('alpha beta gamma…');
    const zh = '这是一个很长的句子，没有句号但是有逗号，所以会在逗号处截断，然后加上省略号';
    expect(trimToLength(zh, 25).endsWith('…')).toBe(true);
  });
});

describe('extract', () => {
  const query = (q: string) => analyzeQuery(index, q);

  it('picks the best-supported sentences, not the whole document, within the limit', () => {
    const text = [
      'I understand that you want to know about stroller wheels.',
      'Our strollers come in three colours.',
      'Lubricate the stroller wheels every 3 months with silicone spray.',
      'Wash the seat fabric by hand.',
      'The basket holds up to 5kg.',
    ].join(' ');
    const out = extract(index, query('how often lubricate stroller wheels'), text, 120);
    expect(out).toContain('Lubricate the stroller wheels every 3 months');
    expect(out).not.toContain('I understand');
    expect(out.length).toBeLessThanOrEqual(120);
  });

  it('skips the shopper lines of a transcript and answer labels', () => {
    const text =
      'Customer: how do I cancel my order?\nAnswer: Open Order History and press Cancel on the order.';
    expect(extract(index, query('cancel order'), text, 350)).toBe(
      'Open Order History and press Cancel on the order.',
    );
  });

  it('keeps the lines a colon introduces, and continues into the next chunk when needed', () => {
    const text =
      'Some other policy text that is long enough to matter here.\nReturn address:\nNo. 21, Jalan SR 8/3\n43300 Seri Kembangan';
    const out = extract(index, query('what is the return address'), text, 120);
    expect(out).toContain('Return address:');
    expect(out).toContain('Jalan SR 8/3');
    const cont = extract(
      index,
      query('how to cancel'),
      'Intro line about orders.\nTo cancel, follow these steps:',
      200,
      '1. Log in.\n2. Press Cancel.',
    );
    expect(cont).toBe('Intro line about orders. To cancel, follow these steps: 1. Log in. 2. Press Cancel.');
  });

  it('picks the size chart row whose range holds the number asked about', () => {
    const rows = [
      'size: 24; height cm: 95-102',
      'size: 28; height cm: 110-116',
      'size: 30; height cm: 116-122',
    ].join('\n');
    expect(extract(index, query('my girl is 112cm, which size'), rows, 40)).toBe(
      'size: 28; height cm: 110-116',
    );
  });
});

describe('composeOffline', () => {
  it('answers from the best passage in a chat-sized reply', () => {
    const r = retrieve(index, 'how much is shipping to sabah?');
    const { text } = composeOffline({ index, retrieval: r, language: 'en' });
    expect(text).toContain('RM14.90');
    expect(text.length).toBeLessThanOrEqual(350);
  });

  it('introduces a passage written in another language in the shopper language', () => {
    const r = retrieve(index, 'how many working days to west malaysia?');
    expect(composeOffline({ index, retrieval: r, language: 'en' }).text).toMatch(
      /^Here is what our shop information says \(in Chinese\): 西马/,
    );
    expect(composeOffline({ index, retrieval: r, language: 'ms' }).text).toMatch(
      /^Ini maklumat daripada kedai kami \(dalam bahasa Cina\):/,
    );
    const zh = retrieve(index, '运费多少？');
    expect(composeOffline({ index, retrieval: zh, language: 'zh' }).text).toMatch(
      /^以下是我们店铺的相关资料（英文）：/,
    );
  });

  it('names the product and gives its price from the product record', () => {
    const r = retrieve(index, 'how much is it?', { productId: 'p-stroller' });
    const { text } = composeOffline({ index, retrieval: r, language: 'en' });
    expect(text).toMatch(/^Lipat Lite Cabin Stroller: /);
    expect(text).toContain('Price: RM599.00.');
  });
});
