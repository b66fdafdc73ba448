import { chineseWords } from './gloss.ts';
import { formatMoney, type ShopIndex } from './index-builder.ts';
import { PRODUCT_TEXT } from './messages.ts';
import type { Query } from './retrieval.ts';
import { analyze, CONCEPT_PREFIX, isConcept, isGloss, normalizeText } from './tokenize.ts';
import type { Lang, ProductRecord, ProductVariation } from './types.ts';

// Answers about one product from the catalogue itself: its price (per variation when they differ)
// and its stock, naming the product so the shopper knows which one is meant. Attributes written in
// the description or the merchant's product information (colours, sizes, materials) are answered by
// the composer from that product's passages only.

const PRICE_ASK =
  /\b(?:how much|how much is|price|prices|harga|berapa|brp|bape|brape|cost|costs|rm)\b|多少钱|价钱|价格|几钱|几多钱|怎么卖/;
const STOCK_ASK =
  /\b(?:stock|stok|available|availability|ready stock|in stock|sold out|habis|ada lagi|masih ada|still have|still got|got stock|ada stok|ready)\b|有货|现货|库存|还有吗|卖完|缺货/;
const PRICE = `${CONCEPT_PREFIX}price`;
const HAN_RUN = /\p{Script=Han}+/gu;
const HAN_PAIR = /^\p{Script=Han}{2}$/u;
const STOCK = `${CONCEPT_PREFIX}stock`;
/** Words that say nothing about which fact is asked ("the", "this one", "ah"). */
const GENERIC = new Set(
  'this that one item product it these those ini itu tu yang produk barang ah lah la leh ya ke tak x ni sy saya i you u for the a an of is are'.split(
    ' ',
  ),
);

export function asksPrice(text: string, query?: Query): boolean {
  return PRICE_ASK.test(normalizeText(text)) || (query?.terms.has(PRICE) ?? false);
}

export function asksStock(text: string, query?: Query): boolean {
  return STOCK_ASK.test(normalizeText(text)) || (query?.terms.has(STOCK) ?? false);
}

/** The message's words that are not about the price or stock ask itself. */
export function contentTerms(text: string): string[] {
  const a = analyze(text);
  const frame = new Set<string>();
  for (const [surface, concepts] of a.lexical) {
    if (concepts.has(PRICE) || concepts.has(STOCK)) frame.add(surface);
  }
  // Chinese pairs of characters that straddle two words ("款多" of "UV款多少钱") are no words at all.
  const words = new Set((text.match(HAN_RUN) ?? []).flatMap((run) => chineseWords(run)));
  return [...a.terms.keys()].filter(
    (t) =>
      !isConcept(t) &&
      !isGloss(t) &&
      !(HAN_PAIR.test(t) && !words.has(t)) &&
      !frame.has(t) &&
      !GENERIC.has(t) &&
      !/^\d+$/.test(t) &&
      !/^\p{Script=Han}$/u.test(t) &&
      !/^(?:rm|price|harga|berapa|brp|cost|much|how|stock|stok|available|ada|lagi|still|有货|多少|少钱|价钱|价格)$/.test(
        t,
      ),
  );
}

/** Variations the message names ("XL", "mint", "size 24"). */
export function namedVariations(product: ProductRecord, text: string): ProductVariation[] {
  const lower = ` ${normalizeText(text).replace(/[^\p{L}\d.]+/gu, ' ')} `;
  return (product.variations ?? []).filter((v) => {
    const parts = normalizeText(v.name)
      .split(/[^\p{L}\d.]+/u)
      .filter((p) => p && p !== 'size' && p !== 'saiz' && p !== 'colour' && p !== 'color');
    return parts.length > 0 && parts.some((p) => lower.includes(` ${p} `));
  });
}

/** Whether the message asks only for the price or stock of the product in context. */
export function isCatalogueAsk(index: ShopIndex, productId: string, text: string): boolean {
  const product = index.products.get(productId);
  if (!product) return false;
  const rest = contentTerms(text);
  if (rest.length === 0) return true;
  const name = index.productNameTerms.get(productId);
  const variationWords = new Set(
    (product.variations ?? []).flatMap((v) => [...analyze(v.name).terms.keys()]),
  );
  return rest.every((t) => name?.has(t) || variationWords.has(t));
}

/** The catalogue's answer about a product (price and / or stock), or undefined when it knows nothing. */
export function catalogueAnswer(
  index: ShopIndex,
  productId: string,
  text: string,
  language: Lang,
  ask: { price: boolean; stock: boolean },
): string | undefined {
  const product = index.products.get(productId);
  if (!product) return undefined;
  const words = PRODUCT_TEXT[language];
  const named = namedVariations(product, text);
  const variations = named.length ? named : (product.variations ?? []);
  const lines: string[] = [];
  if (ask.price) {
    const priced = variations.filter((v) => v.price !== null);
    const prices = new Set(priced.map((v) => v.price));
    if (priced.length && (prices.size > 1 || named.length)) {
      lines.push(
        words.prices(
          product.name,
          priced.map((v) => `${v.name} ${formatMoney(v.price!, product.currency)}`),
        ),
      );
    } else {
      const price = priced[0]?.price ?? product.price;
      if (price !== undefined && price !== null)
        lines.push(words.price(product.name, formatMoney(price, product.currency)));
    }
  }
  if (ask.stock) {
    const stocked = variations.filter((v) => v.stock !== null);
    if (named.length && stocked.length) {
      lines.push(words.variationStock(stocked.map((v) => ({ name: v.name, stock: v.stock! }))));
    } else {
      const stock = stocked.length ? stocked.reduce((n, v) => n + v.stock!, 0) : product.stock;
      if (stock !== undefined && stock !== null)
        lines.push(stock > 0 ? words.inStock(product.name, stock) : words.outOfStock(product.name));
    }
  }
  return lines.length ? lines.join(' ') : undefined;
}
