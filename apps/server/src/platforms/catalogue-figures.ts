import type { ProductVariationRow } from '../db/schema.ts';

/** A platform price as the catalogue keeps it: two decimals, or unknown. */
export const cataloguePrice = (value: number | null | undefined) =>
  value === null || value === undefined ? null : value.toFixed(2);

/** The lowest variation price: a product's "from" price when the platform gives none of its own. */
export const lowestPrice = (variations: ProductVariationRow[]) => {
  const prices = variations.map((v) => v.price).filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : null;
};

/** The stock of all variations together. */
export const totalStock = (variations: ProductVariationRow[]) => {
  const stocks = variations.map((v) => v.stock).filter((s): s is number => s !== null);
  return stocks.length ? stocks.reduce((a, b) => a + b, 0) : null;
};
