import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language.ts';

describe('detectLanguage', () => {
  it.each([
    ['how much postage to kuching if i order on ur website?', 'en'],
    ['stroller ship to sabah got extra charge or not?', 'en'],
    ['whats ur whatsapp number', 'en'],
    ['can pay by instalment? my cart is RM200 on the website', 'en'],
  ])('English: %s', (text, lang) => expect(detectLanguage(text)).toBe(lang));

  it.each([
    ['brp caj pos ke Sandakan kalau beli kat website?', 'ms'],
    ['boleh self collect kat showroom tak? sy order kat shopee', 'ms'],
    ['nak cakap dgn admin betul2, bukan bot pls', 'ms'],
    ['Penghantaran percuma untuk pesanan laman web', 'ms'],
  ])('Malay: %s', (text, lang) => expect(detectLanguage(text)).toBe(lang));

  it.each([
    ['寄去古晋运费多少？', 'zh'],
    ['stroller可以拿上飞机吗？下个月要飞沙巴', 'zh'],
    ['女儿身高118cm，baju kurung要买哪个size？', 'zh'],
    ['tracking五天都没有更新，怎么办？', 'zh'],
  ])('Chinese, also mixed with English or Malay words: %s', (text, lang) =>
    expect(detectLanguage(text)).toBe(lang));

  it('keeps English for an English sentence naming one Chinese product', () => {
    expect(detectLanguage('do you still sell the 牙胶 teether for babies?')).toBe('en');
  });

  it('falls back (e.g. to the conversation language) when a message has no language cues', () => {
    expect(detectLanguage('RM25?', 'ms')).toBe('ms');
    expect(detectLanguage('👍', 'zh')).toBe('zh');
    expect(detectLanguage('12345')).toBe('en');
  });
});
