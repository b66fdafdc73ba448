import { describe, expect, it } from 'vitest';
import { glossQuestion, handoverSummary } from './handover-summary.ts';

describe('the summary for the person who takes over', () => {
  it('lists a Malay three-turn handover a question a line, glossed in English, with what the bot said and why', () => {
    const summary = handoverSummary({
      history: [
        { role: 'shopper', text: 'Berapa harga baju ni?', productId: '880012' },
        { role: 'bot', text: 'Harga baju ini ialah RM39.90.' },
        { role: 'shopper', text: 'Boleh bayar COD tak? Berapa lama penghantaran ke Penang?' },
        { role: 'bot', text: 'Ya, COD boleh. Penghantaran ke Semenanjung mengambil masa 2-3 hari bekerja.' },
      ],
      question: 'Barang saya rosak, saya nak pulangkan dan dapatkan refund',
      reply: 'Saya serahkan kepada pasukan kami. Mereka akan membalas sebentar lagi.',
      reason: 'order_problem',
    });
    expect(summary.language).toBe('ms');
    expect(summary.questions.map((q) => q.text)).toEqual([
      'Berapa harga baju ni?',
      'Boleh bayar COD tak?',
      'Berapa lama penghantaran ke Penang?',
      'Barang saya rosak, saya nak pulangkan dan dapatkan refund',
    ]);
    const [price, cod, delivery, damaged] = summary.questions.map((q) => q.gloss);
    expect(price).toContain('price');
    expect(cod).toContain('cod');
    expect(delivery).toContain('how long');
    expect(damaged).toContain('damaged');
    expect(damaged).toContain('refund');
    expect(summary.productId).toBe('880012');
    expect(summary.orderId).toBeNull();
    expect(summary.botAnswers).toEqual([
      'Harga baju ini ialah RM39.90.',
      'Ya, COD boleh. Penghantaran ke Semenanjung mengambil masa 2-3 hari bekerja.',
      'Saya serahkan kepada pasukan kami. Mereka akan membalas sebentar lagi.',
    ]);
    expect(summary.reason).toBe('order_problem');
  });

  it('does not gloss what the shopper wrote in the merchant language, and keeps a repeated question once', () => {
    const summary = handoverSummary({
      history: [{ role: 'shopper', text: 'Where is my order?', orderId: '2405170001' }],
      question: 'where is my order??',
      reason: 'order_status',
    });
    expect(summary.language).toBe('en');
    expect(summary.questions).toEqual([{ text: 'Where is my order?', gloss: null }]);
    expect(summary.orderId).toBe('2405170001');
    expect(summary.botAnswers).toEqual([]);
  });

  it('keeps the newest questions and answers when there are many', () => {
    const history = Array.from({ length: 8 }, (_, i) => [
      { role: 'shopper' as const, text: `Soalan nombor ${i + 1}?` },
      { role: 'bot' as const, text: `Jawapan ${i + 1}.` },
    ]).flat();
    const summary = handoverSummary({
      history,
      question: 'Saya nak cakap dengan orang',
      reason: 'asked_for_human',
    });
    expect(summary.questions).toHaveLength(5);
    expect(summary.questions.at(-1)?.text).toBe('Saya nak cakap dengan orang');
    expect(summary.botAnswers).toEqual(['Jawapan 6.', 'Jawapan 7.', 'Jawapan 8.']);
  });

  it('glosses nothing it cannot read', () => {
    expect(glossQuestion('zzz qqq', 'en')).toBeNull();
  });
});
