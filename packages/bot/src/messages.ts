import type { HandoverReason, Lang } from './types.ts';

// The bot's own words, per reply language. A merchant's handover message replaces ours.

export const LANGUAGE_NAMES: Record<Lang, Record<Lang, string>> = {
  en: { en: 'English', ms: 'Malay', zh: 'Chinese' },
  ms: { en: 'Inggeris', ms: 'Melayu', zh: 'Cina' },
  zh: { en: '英文', ms: '马来文', zh: '中文' },
};

export const GREETING: Record<Lang, (shop: string) => string> = {
  en: (shop) => `Hi! Thanks for messaging ${shop}. How can we help you today?`,
  ms: (shop) => `Hai! Terima kasih kerana menghubungi ${shop}. Ada apa yang boleh kami bantu?`,
  zh: (shop) => `您好！欢迎光临${shop}，请问有什么可以帮您？`,
};

export const THANKS: Record<Lang, string> = {
  en: "You're welcome! Let us know if there's anything else we can help with.",
  ms: 'Sama-sama! Beritahu kami jika ada apa-apa lagi yang boleh kami bantu.',
  zh: '不客气！如果还有其他问题，随时告诉我们。',
};

const HANDOVER: Record<Lang, string> = {
  en: "I'll pass this to our team. A staff member will reply to you here shortly.",
  ms: 'Saya akan serahkan kepada pasukan kami. Staf kami akan membalas anda di sini sebentar lagi.',
  zh: '我帮您转给我们的客服人员，他们会尽快在这里回复您。',
};

const HANDOVER_ANGRY: Record<Lang, string> = {
  en: "We're sorry about this. A member of our team will look into it and reply to you here shortly.",
  ms: 'Kami mohon maaf atas perkara ini. Staf kami akan menyemaknya dan membalas anda di sini secepat mungkin.',
  zh: '非常抱歉给您带来不便。我们的客服人员会尽快处理，并在这里回复您。',
};

const HANDOVER_PROBLEM: Record<Lang, string> = {
  en: "We're sorry about this. Our team will look into your order and reply to you here shortly.",
  ms: 'Kami mohon maaf. Staf kami akan menyemak pesanan anda dan membalas anda di sini sebentar lagi.',
  zh: '非常抱歉。我们的客服人员会查看您的订单，并尽快在这里回复您。',
};

const HANDOVER_ORDER: Record<Lang, string> = {
  en: 'Let me get our team to check your order. A staff member will reply to you here shortly.',
  ms: 'Saya minta staf kami semak pesanan anda. Mereka akan membalas anda di sini sebentar lagi.',
  zh: '我请客服人员帮您查一下订单，他们会尽快在这里回复您。',
};

export function handoverText(
  lang: Lang,
  reason: HandoverReason,
  custom?: Partial<Record<Lang, string>>,
): string {
  const own = custom?.[lang]?.trim();
  if (own) return own;
  if (reason === 'angry') return HANDOVER_ANGRY[lang];
  if (reason === 'order_status') return HANDOVER_ORDER[lang];
  if (reason === 'order_problem') return HANDOVER_PROBLEM[lang];
  return HANDOVER[lang];
}

export interface FactItem {
  /** What the facts are about, in the reply's language ("West Malaysia"). */
  subject: string[];
  /** Spans, prices, codes, names, in the reply's language. */
  facts: string[];
}

/**
 * The templated sentence that opens a reply whose fact is written in another language: "According
 * to our shop information, West Malaysia: 1 to 3 working days." with the facts carried over, after a
 * "No" / "Yes (pocket)" when the shopper asked yes-or-no. With no figure to carry it says what the
 * quoted sentence is about: "What our shop information says about delivery:". The quote follows.
 */
export const FACT_FRAME: Record<
  Lang,
  (f: { items: FactItem[]; negative: boolean; yesNo: boolean; about: string[] }) => string
> = {
  en: ({ items, negative, yesNo, about }) =>
    `${yesNo ? verdict('en', negative, about) : ''}${
      withFacts(items)
        ? `According to our shop information, ${items.map((i) => latinItem(i, ': ', ', ')).join('; ')}.`
        : items.length
          ? `What our shop information says about ${listed(subjectsOf(items), ', ', ' and ')}:`
          : 'According to our shop information:'
    }`,
  ms: ({ items, negative, yesNo, about }) =>
    `${yesNo ? verdict('ms', negative, about) : ''}${
      withFacts(items)
        ? `Menurut maklumat kedai kami, ${items.map((i) => latinItem(i, ': ', ', ')).join('; ')}.`
        : items.length
          ? `Maklumat kedai kami tentang ${listed(subjectsOf(items), ', ', ' dan ')}:`
          : 'Menurut maklumat kedai kami:'
    }`,
  zh: ({ items, negative, yesNo, about }) =>
    `${yesNo ? verdict('zh', negative, about) : ''}${
      withFacts(items)
        ? `根据本店资料，${items
            .map((i) =>
              i.facts.length
                ? `${i.subject.length ? `${i.subject.join('、')}：` : ''}${i.facts.join('，')}`
                : i.subject.join('、'),
            )
            .join('；')}。`
        : items.length
          ? `本店资料中关于${subjectsOf(items).join('、')}的说明：`
          : '根据本店资料：'
    }`,
};

const withFacts = (items: FactItem[]) => items.some((i) => i.facts.length > 0);
const subjectsOf = (items: FactItem[]) => [...new Set(items.flatMap((i) => i.subject))];
/** "a, b and c". */
function listed(words: string[], comma: string, and: string): string {
  return words.length > 1 ? `${words.slice(0, -1).join(comma)}${and}${words.at(-1)}` : (words[0] ?? '');
}

const VERDICT: Record<Lang, { yes: string; no: string }> = {
  en: { yes: 'Yes', no: 'No' },
  ms: { yes: 'Ya', no: 'Tidak' },
  zh: { yes: '是的', no: '不可以' },
};

/** "No. ", "Yes (pocket). ", "不可以（卫生）。": the answer to a yes-or-no question, and what it is about. */
function verdict(lang: Lang, negative: boolean, about: string[]): string {
  if (!negative && about.length === 0) return '';
  const word = negative ? VERDICT[lang].no : VERDICT[lang].yes;
  if (lang === 'zh') return `${word}${about.length ? `（${about.join('、')}）` : ''}。`;
  return `${word}${about.length ? ` (${about.join(', ')})` : ''}. `;
}

function latinItem(item: FactItem, colon: string, comma: string): string {
  if (!item.facts.length) return item.subject.join(comma);
  const subject = item.subject.length ? `${item.subject.join(comma)}${colon}` : '';
  return `${subject}${item.facts.join(comma)}`;
}

/** Asked when the shopper asks a price (or stock) without saying which product. */
export const WHICH_PRODUCT: Record<Lang, string> = {
  en: 'Which product do you mean? Send us its name or share the product link and we will check the price for you.',
  ms: 'Produk yang mana satu? Beritahu nama produk atau kongsi pautan produk, kami semak harganya untuk anda.',
  zh: '请问是哪一款商品呢？告诉我们商品名称或分享商品链接，我们帮您查价格。',
};

/** Said of a part of a message the bot hands to the team while answering the rest. */
export const PART_HANDED_OVER: Record<Lang, string> = {
  en: 'For your other question, our team will reply to you here shortly.',
  ms: 'Untuk soalan anda yang lain, staf kami akan membalas di sini sebentar lagi.',
  zh: '您的另一个问题，我们的客服人员会尽快在这里回复您。',
};

export const PRICE_LABEL: Record<Lang, string> = { en: 'Price', ms: 'Harga', zh: '价格' };

interface ProductWords {
  price(name: string, price: string): string;
  prices(name: string, each: string[]): string;
  inStock(name: string, count: number): string;
  outOfStock(name: string): string;
  variationStock(each: { name: string; stock: number }[]): string;
}

/** Catalogue answers about one product. */
export const PRODUCT_TEXT: Record<Lang, ProductWords> = {
  en: {
    price: (name, price) => `${name} is ${price}.`,
    prices: (name, each) => `${name}: ${each.join(', ')}.`,
    inStock: (name, count) => `${name} is in stock (${count} available).`,
    outOfStock: (name) => `${name} is out of stock at the moment.`,
    variationStock: (each) =>
      `${each.map((v) => (v.stock > 0 ? `${v.name}: in stock (${v.stock})` : `${v.name}: out of stock`)).join(', ')}.`,
  },
  ms: {
    price: (name, price) => `Harga ${name} ialah ${price}.`,
    prices: (name, each) => `Harga ${name}: ${each.join(', ')}.`,
    inStock: (name, count) => `${name} ada stok (${count} unit).`,
    outOfStock: (name) => `${name} kehabisan stok buat masa ini.`,
    variationStock: (each) =>
      `${each.map((v) => (v.stock > 0 ? `${v.name}: ada stok (${v.stock})` : `${v.name}: stok habis`)).join(', ')}.`,
  },
  zh: {
    price: (name, price) => `${name}的价格是${price}。`,
    prices: (name, each) => `${name}的价格：${each.join('，')}。`,
    inStock: (name, count) => `${name}有现货（${count}件）。`,
    outOfStock: (name) => `${name}目前缺货。`,
    variationStock: (each) =>
      `${each.map((v) => (v.stock > 0 ? `${v.name}：有现货（${v.stock}件）` : `${v.name}：缺货`)).join('，')}。`,
  },
};

/** Added to an answer when its topic offers a voucher. */
export function voucherOfferText(lang: Lang, voucher: { code: string; name: string }): string {
  switch (lang) {
    case 'en':
      return `Here's a voucher for you: ${voucher.name}. Use code ${voucher.code} at checkout.`;
    case 'ms':
      return `Ini baucar untuk anda: ${voucher.name}. Guna kod ${voucher.code} semasa checkout.`;
    case 'zh':
      return `送您一张优惠券：${voucher.name}。结账时输入代码 ${voucher.code} 即可使用。`;
  }
}
