import { describe, expect, it } from 'vitest';
import { chineseWords, englishGloss, malayGloss } from './gloss.ts';
import { buildShopIndex } from './index-builder.ts';
import { retrieve } from './retrieval.ts';
import { analyze } from './tokenize.ts';
import type { ShopKnowledge } from './types.ts';

function shop(knowledge: string[]): ShopKnowledge {
  return {
    shopName: 'Kedai',
    topics: [
      {
        id: 't',
        name: 'Services',
        categorization: [],
        knowledge: knowledge.map((text, i) => ({ id: `k${i}`, text })),
      },
    ],
    chunks: [],
    products: [],
    productInfo: [],
  };
}

describe('Chinese words glossed through the dictionary', () => {
  it('segments a Chinese run into dictionary words and glosses them in English', () => {
    expect(chineseWords('衣柜组装要另外收费吗')).toContain('组装');
    expect(englishGloss('组装')).toContain('assemble');
    expect(englishGloss('雨伞')).toContain('umbrella');
    expect(englishGloss('not chinese')).toEqual([]);
  });

  it('does not gloss a word made only of function characters', () => {
    // "多少" (how much) is a question word; the dictionary's "amount, somewhat" is not what is asked about.
    expect(analyze('雨伞多少').glosses.has('多少')).toBe(false);
    expect(analyze('雨伞多少').glosses.has('雨伞')).toBe(true);
  });

  it('gives a Chinese word and the English word it means one shared term', () => {
    const zh = analyze('本店出售雨伞').terms;
    const en = analyze('Do you sell umbrellas?').terms;
    const shared = [...zh.keys()].filter((t) => t.startsWith('=') && en.has(t));
    expect(shared).toContain('=umbrella');
  });

  it('finds a fact written in English for a question in Chinese, and the other way round', () => {
    const index = buildShopIndex(
      shop([
        'Wardrobe assembly by our team costs RM80 per unit.',
        '本店出售雨伞，每把RM15。',
        'Delivery takes three to five working days.',
      ]),
    );
    expect(retrieve(index, '衣柜组装多少钱').ranked[0]?.passage.text).toContain('assembly');
    expect(retrieve(index, 'do you sell umbrellas').ranked[0]?.passage.text).toContain('雨伞');
  });
});

describe('Malay words glossed through the dictionary', () => {
  it('glosses a Malay word, and an affixed one through its root, into English terms', () => {
    expect(malayGloss('roti')).toContain('bread');
    expect([...analyze('roti ni tahan berapa hari').terms.keys()]).toContain('=bread');
    // ber- + kulit: the root's entry speaks for the affixed word.
    expect([...analyze('berkulit').terms.keys()]).toContain('=skin');
  });

  it('leaves English words to English: a Malay entry never re-reads them', () => {
    const terms = [...analyze('the shop sells bread').terms.keys()].filter((t) => t.startsWith('='));
    expect(terms).toEqual(expect.arrayContaining(['=bread']));
    expect(terms).not.toContain('=able');
  });

  it('finds a fact written in English for a question in Malay', () => {
    const index = buildShopIndex(
      shop([
        'Our bread keeps for 3 days at room temperature.',
        'Cakes must be ordered 2 days ahead.',
        'Delivery takes three to five working days.',
      ]),
    );
    expect(retrieve(index, 'roti tahan berapa lama?').ranked[0]?.passage.text).toContain('bread');
  });
});
