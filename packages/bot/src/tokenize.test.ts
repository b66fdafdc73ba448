import { describe, expect, it } from 'vitest';
import { analyze, malayRoot, segment, stem, stemEnglish } from './tokenize.ts';

const terms = (text: string) => [...analyze(text).terms.keys()];

describe('segment', () => {
  it('separates letters from numbers, keeps decimals and folds thousands separators', () => {
    expect(segment('RM14.90 for 1kg, 10,000 hours')).toEqual([
      { kind: 'latin', words: ['rm', '14.9', 'for', '1', 'kg', '10000', 'hours'] },
    ]);
  });

  it('splits Chinese runs from Latin runs and folds Malay reduplication', () => {
    expect(segment('hari2 买stroller')).toEqual([
      { kind: 'latin', words: ['hari'] },
      { kind: 'han', text: '买' },
      { kind: 'latin', words: ['stroller'] },
    ]);
  });
});

describe('stemming', () => {
  it('strips English inflections consistently', () => {
    expect(stemEnglish('shipping')).toBe(stemEnglish('shipped'));
    expect(stemEnglish('cancellation')).toBe(stemEnglish('cancelled'));
    expect(stemEnglish('bottles')).toBe(stemEnglish('bottle'));
    expect(stemEnglish('code')).not.toBe(stemEnglish('cod'));
    expect(stemEnglish('news')).toBe('news');
  });

  it('strips Malay affixes back to a known root only', () => {
    expect(malayRoot('penghantaran')).toBe('hantar');
    expect(malayRoot('dipulangkan')).toBe('pulang');
    expect(malayRoot('pemulangan')).toBe('pulang');
    expect(malayRoot('pembayaran')).toBe('bayar');
    expect(malayRoot('mengecas')).toBe('cas');
    expect(malayRoot('discount')).toBeUndefined();
    expect(stem('penghantaran')).toBe('hantar');
  });
});

describe('analyze', () => {
  it('normalizes chat spelling before dropping stopwords', () => {
    const a = analyze('can u pls tell me ur price tq');
    expect(a.words).toEqual(['can', 'you', 'please', 'tell', 'me', 'your', 'price', 'thanks']);
    expect(terms('can u pls tell me ur price tq')).toContain(stem('price'));
    expect(terms('can u pls tell me ur price tq')).not.toContain('u');
    expect(analyze('brp harga dgn pos').words).toEqual(['berapa', 'harga', 'dengan', 'pos']);
  });

  it('makes Chinese character bigrams (and single characters)', () => {
    const t = terms('奶瓶消毒');
    expect(t).toEqual(expect.arrayContaining(['奶瓶', '瓶消', '消毒', '奶']));
  });

  it('tags the same concept in English, Malay and Chinese', () => {
    for (const text of ['how much is postage', 'berapa caj pos', '运费多少']) {
      expect(terms(text)).toContain('~shipping_fee');
    }
    for (const text of ['can I get a refund', 'boleh bayar balik duit', '可以退款吗']) {
      expect(terms(text)).toContain('~refund');
    }
    expect(terms('3 working days')).toContain('~working_day');
    expect(terms('3 hari bekerja')).toContain('~working_day');
    expect(terms('3个工作天')).toContain('~working_day');
  });

  it('maps place names to shipping regions', () => {
    expect(terms('ship to kota kinabalu')).toEqual(expect.arrayContaining(['~east_malaysia', '~sabah']));
    expect(terms('寄去古晋')).toContain('~sarawak');
    expect(terms('I live in Penang')).toContain('~west_malaysia');
  });

  it('lets the longest Chinese lexicon word win', () => {
    const t = terms('安全座椅');
    expect(t).toContain('~car_seat');
    expect(t).not.toContain('~safety');
  });

  it('tags stated time spans and street addresses', () => {
    expect(terms('Exchanges take 5 working days')).toContain('~duration');
    expect(terms('一般1至3个工作天到货')).toContain('~duration');
    expect(terms('Lot 8, Jalan Kemboja 13/4, 40100 Shah Alam, Selangor')).toContain('~address');
    // An address answers "where"; a time of day answers "what time".
    expect(terms('Lot 8, Jalan Kemboja 13/4, 40100 Shah Alam, Selangor')).toContain('~location');
    expect(terms('Open daily 11am to 8pm')).toContain('~hour');
    expect(terms('上午10点开门')).toContain('~hour');
    expect(terms('Khidmat pelanggan 10 pagi hingga 6 petang')).toContain('~hour');
    expect(terms('Exchanges take 5 working days')).not.toContain('~hour');
  });

  it('knows a shop is meant in "where is the showroom" in Chinese', () => {
    expect(terms('门市在哪里？')).toContain('~showroom');
    expect(terms('门市在哪里？')).toContain('~address');
  });

  it('uses a spelling corrector only for words it is given', () => {
    const a = analyze('paymnt optons', { correct: (w) => (w === 'paymnt' ? ['payment'] : undefined) });
    expect(a.words).toEqual(['payment', 'optons']);
    expect([...a.terms.keys()]).toContain('~pay');
  });
});
