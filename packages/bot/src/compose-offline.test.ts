import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk.ts';
import { composeOffline, detectSmallTalk, trimToLength } from './compose-offline.ts';
import { factsOf } from './facts.ts';
import { buildShopIndex } from './index-builder.ts';
import { retrieve } from './retrieval.ts';
import { testShop } from './test-support/shop-fixture.ts';
import type { ShopKnowledge } from './types.ts';

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
    ['Assalamualaikum, boleh tanya sikit?', 'greeting'],
    ['salam', 'greeting'],
    ['hi, can I ask something?', 'greeting'],
    ['请问一下', 'greeting'],
    ['ok', 'thanks'],
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

function fileShop(name: string, text: string, topics: ShopKnowledge['topics'] = []) {
  return buildShopIndex({
    shopName: 'S',
    topics,
    chunks: chunkDocument(name, text).map((c) => ({
      id: `c${c.ordinal}`,
      fileId: 'f',
      fileName: name,
      text: c.text,
      ordinal: c.ordinal,
    })),
    products: [],
    productInfo: [],
  });
}

function reply(ix: ReturnType<typeof buildShopIndex>, question: string, language: 'en' | 'ms' | 'zh' = 'en') {
  return composeOffline({ index: ix, retrieval: retrieve(ix, question), language }).text;
}

describe('sentence selection', () => {
  it('answers with the sentences that answer, not the whole passage, ending on a sentence', () => {
    const ix = fileShop(
      'care.txt',
      [
        'I understand that you want to know about stroller wheels.',
        'Our strollers come in three colours.',
        'Lubricate the stroller wheels every 3 months with silicone spray.',
        'Wash the seat fabric by hand.',
        'The basket holds up to 5kg.',
      ].join(' '),
    );
    const out = reply(ix, 'how often lubricate stroller wheels');
    expect(out).toBe('Lubricate the stroller wheels every 3 months with silicone spray.');
  });

  it('never sends a short passage whole when it packs unrelated lines', () => {
    const ix = fileShop(
      'faq.txt',
      'Gift wrapping is RM5 per order.\nPenghantaran percuma untuk pesanan RM120 ke atas.\n会员每消费RM1得1分。',
    );
    expect(reply(ix, 'do you do gift wrapping?')).toBe('Gift wrapping is RM5 per order.');
  });

  it('skips the shopper lines of a transcript and answer labels', () => {
    const ix = fileShop(
      'orders.txt',
      'Customer: how do I cancel my order?\nAnswer: Open Order History and press Cancel on the order.',
    );
    expect(reply(ix, 'cancel order')).toBe('Open Order History and press Cancel on the order.');
  });

  it('keeps the lines a colon introduces (an address, steps)', () => {
    const ix = fileShop(
      'returns.txt',
      'Write your order number inside the parcel.\nReturn address:\nNo. 21, Jalan SR 8/3\n43300 Seri Kembangan',
    );
    const out = reply(ix, 'what is the return address');
    expect(out).toContain('Return address:');
    expect(out).toContain('Jalan SR 8/3');
    expect(out).toContain('43300 Seri Kembangan');
  });

  it('picks the size chart row whose range holds the number asked about', () => {
    const ix = fileShop(
      'size-chart.csv',
      'product,size,height_cm\nBaju,24,95-102\nBaju,28,110-116\nBaju,30,116-122\n',
    );
    expect(reply(ix, 'my girl is 112cm, which size')).toBe('Baju: size 28, height 110-116 cm.');
  });

  it('gives a list item its section title', () => {
    const ix = fileShop(
      'guide.txt',
      '1. Stroller\n- Hand wash the seat fabric below 30°C.\n\n2. Teether\n- Chill it in the fridge, never in the freezer.',
    );
    expect(reply(ix, 'can the teether go in the freezer?')).toBe(
      'Teether: Chill it in the fridge, never in the freezer.',
    );
  });
});

describe('composeOffline across languages', () => {
  it('prefers the shopper language when a passage in it says as much', () => {
    const r = retrieve(index, 'how much is shipping to sabah?');
    const { text, crossLingual } = composeOffline({ index, retrieval: r, language: 'en' });
    expect(text).toBe('The shipping fee is RM6.90 to West Malaysia and RM14.90 to Sabah and Sarawak.');
    expect(crossLingual).toBe(false);
  });

  it('opens in the shopper language with the fact carried over, then quotes only that sentence', () => {
    const r = retrieve(index, 'how many working days to west malaysia?');
    const en = composeOffline({ index, retrieval: r, language: 'en' });
    expect(en.crossLingual).toBe(true);
    expect(en.text).toMatch(/^According to our shop information, West Malaysia: 1 to 3 working days/);
    expect(en.text).toContain('4 to 7 working days');
    expect(en.text).toContain('“西马一般1至3个工作天到货');
    expect(en.text).not.toMatch(/in Chinese|Here is what/);
    const ms = composeOffline({ index, retrieval: r, language: 'ms' });
    expect(ms.text).toMatch(/1 hingga 3 hari bekerja/);
  });

  it('says the days a shop is closed as closed, not as opening hours', () => {
    const ix = fileShop(
      'store.txt',
      'Our showroom is closed on Mondays and on the first two days of Hari Raya Aidilfitri.\nParking is free.',
    );
    const zh = reply(ix, '门市星期一有开吗？', 'zh');
    expect(zh).toContain('休息：星期一，Hari Raya Aidilfitri');
    expect(zh).not.toMatch(/营业：星期一/);
    expect(reply(ix, 'kedai buka hari Isnin?', 'ms')).toContain('Tutup: Isnin');
  });

  it('carries durations, prices, discounts and weekdays into the shopper language', () => {
    const facts = (text: string, from: 'en' | 'ms' | 'zh', to: 'en' | 'ms' | 'zh') =>
      factsOf(text, from).map((f) => f.say(to));
    expect(facts('西马一般1至3个工作天到货', 'zh', 'en')).toEqual(['1 to 3 working days']);
    expect(facts('siasatan ambil masa 3 hingga 7 hari bekerja', 'ms', 'zh')).toEqual(['3至7个工作天']);
    expect(facts('硅胶隔膜每3个月更换一次', 'zh', 'ms')).toEqual(['setiap 3 bulan']);
    expect(facts('任选5件或以上打八五折', 'zh', 'en')).toEqual(['15% off']);
    expect(facts('Every Wednesday at 8pm we go live', 'en', 'ms')).toEqual(['Rabu', '8pm']);
    expect(facts('shipping is RM14.90 to Sabah', 'en', 'zh')).toEqual(['RM14.90', 'Sabah']);
    expect(facts('Kod COMEL10 untuk pesanan pertama', 'ms', 'en')).toEqual(['COMEL10']);
  });

  it('says no only when the clause about what was asked denies it', () => {
    const ix = fileShop('pay.txt', 'Laman web kami tiada COD, hanya pesanan Shopee.');
    expect(reply(ix, 'got COD on ur website?', 'en')).toMatch(/^No\b/);
    const repair = fileShop('warranty.txt', 'Jika tak boleh dibaiki, kami ganti dengan unit baru.');
    expect(reply(repair, '修不好会换新的吗？', 'zh')).not.toMatch(/^不/);
  });
});

function topicShop(knowledge: string[]) {
  return buildShopIndex({
    shopName: 'S',
    topics: [
      {
        id: 't',
        name: 'Shop',
        categorization: [],
        knowledge: knowledge.map((text, i) => ({ id: `k${i}`, text })),
      },
    ],
    chunks: [],
    products: [],
    productInfo: [],
  });
}

describe('sentence selection by what the question asks', () => {
  it('takes the sentence covering the question from the best passage, even in another language', () => {
    const ix = topicShop([
      'Website orders: shipping is RM6.90 to West Malaysia and RM14.90 to Sabah for parcels up to 2kg.',
      'Kurier: untuk Shopee & Lazada, kurier ditentukan oleh platform. Pesanan laman web dihantar dengan J&T Express ke Semenanjung dan Pos Laju ke Sabah.',
    ]);
    const text = reply(ix, 'which courier do u use for website orders to kota kinabalu?');
    expect(text).toContain('Pos Laju');
    expect(text).not.toContain('RM6.90');
  });

  it('answers with what follows a FAQ question even when the answer repeats none of its words', () => {
    const ix = topicShop([
      'Parcel shown as delivered but not received? Ask your neighbours and the guardhouse first, then message us within 48 hours.',
    ]);
    expect(reply(ix, 'parcel status says delivered but i got nothing??')).toBe(
      'Ask your neighbours and the guardhouse first, then message us within 48 hours.',
    );
  });

  it('adds the sentence answering another part of the question', () => {
    const ix = topicShop([
      'Change-of-mind returns are accepted for website orders only, within 7 days and for unopened items. A RM8 handling fee is deducted from the refund. We love our customers.',
    ]);
    const text = reply(
      ix,
      'changed my mind, box still sealed, bought on your website. can return? any charges?',
    );
    expect(text).toContain('within 7 days');
    expect(text).toContain('RM8');
    expect(text).not.toContain('love');
  });

  it('gives the next step of the paragraph to "what should I do?"', () => {
    const ix = topicShop([
      'Kalau status tracking tak berubah lebih 5 hari bekerja, beri kami nombor pesanan anda. Kami akan buka siasatan dengan kurier; siasatan ambil masa 3 hingga 7 hari bekerja.',
    ]);
    expect(reply(ix, 'tracking parcel sy tak gerak dah seminggu. camne ni?', 'ms')).toContain('3 hingga 7');
  });

  it('finds the same fact in the shopper language further down only when it states the same figures', () => {
    const ix = topicShop([
      '婴儿背带适合3.5至20公斤的宝宝。新生儿请用面向妈妈的背法。',
      'Our ergonomic carrier keeps baby in the M position, for babies 3.5 to 20kg.',
      'Toys marked 3+ are not for children under 3.',
    ]);
    expect(reply(ix, 'my newborn is only 3.2kg, can use the carrier already?')).toBe(
      'Our ergonomic carrier keeps baby in the M position, for babies 3.5 to 20kg.',
    );
  });

  it('answers from the sentence of a product description about what was asked, not its first one', () => {
    const ix = buildShopIndex({
      shopName: 'S',
      topics: [],
      chunks: [],
      products: [
        {
          productId: 'p1',
          name: 'Baju Kurung Moden',
          description:
            'Baju kurung moden untuk budak perempuan, saiz 20 hingga 34. Kain cotton-linen yang lembut, ada poket di tepi kain dan zip di belakang.',
          price: 45,
        },
      ],
      productInfo: [],
    });
    const text = reply(ix, 'does the baju kurung have pockets?');
    expect(text).toMatch(/^Yes \(pocket\)\. /);
    expect(text).toContain('poket di tepi kain');
    expect(text).not.toContain('saiz 20');
  });
});

describe('templated facts', () => {
  it('carries a duration written with a hyphen', () => {
    expect(factsOf('Baby monitors have a 12-month warranty.', 'en').map((f) => f.say('ms'))).toEqual([
      '12 bulan',
    ]);
  });

  it('introduces a quoted sentence without a figure by what it says of the question', () => {
    const ix = topicShop(['For hygiene reasons, opened teats and pacifiers cannot be returned.']);
    const text = reply(ix, '开过的奶嘴可以退吗？', 'zh');
    expect(text).toMatch(/^不可以（[^）]*卫生/);
    expect(text).toContain('“For hygiene reasons');
  });
});

describe('opening polarity', () => {
  const returns = buildShopIndex(
    testShop({
      topics: [
        {
          id: 'returns',
          name: 'Returns',
          categorization: [],
          knowledge: [
            { id: 'opened', text: 'Opened or used items can only be returned if they are defective.' },
            { id: 'cod', text: 'Cash on delivery is not available for website orders.' },
          ],
        },
      ],
      chunks: [],
      products: [],
      productInfo: [],
    }),
  );
  const reply = (q: string) =>
    composeOffline({ index: returns, retrieval: retrieve(returns, q), language: 'zh' }).text;

  it('opens with neither yes nor no when the quoted sentence allows it only in some cases', () => {
    const text = reply('拆开用过了，不喜欢可以退吗');
    expect(text).toContain('Opened or used items');
    expect(text).not.toMatch(/^(?:是的|可以|不可以|不)/);
  });

  it('opens with no when the quoted sentence denies it', () => {
    expect(reply('网站订单可以货到付款吗')).toMatch(/^不/);
  });
});

describe('an opening in the shopper language', () => {
  it('names only what was asked, never another thing the quoted sentence mentions', () => {
    const index = buildShopIndex(
      testShop({
        topics: [
          {
            id: 'gift',
            name: 'Gifts',
            categorization: [],
            knowledge: [{ id: 'wrap', text: 'Gift wrapping with a handwritten card costs RM5 per order.' }],
          },
        ],
        chunks: [],
        products: [],
        productInfo: [],
      }),
    );
    const text = composeOffline({
      index,
      retrieval: retrieve(index, '可以帮我包装成礼物吗 要加钱吗'),
      language: 'zh',
    }).text;
    expect(text).toContain('RM5');
    expect(text).not.toContain('信用卡'); // the card is a greeting card, and nobody asked about one
  });
});
