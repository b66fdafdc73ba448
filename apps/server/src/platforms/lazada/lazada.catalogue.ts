import type { ShopVoucher } from '@balas/contracts';
import type { LazadaClient, LazadaSku } from '@balas/marketplaces';
import type { ProductVariationRow } from '../../db/schema.ts';
import { cataloguePrice } from '../catalogue-figures.ts';
import type { CatalogueItem } from '../platform.ts';
import { describeDiscount } from '../voucher-discount.ts';

const PRODUCT_PAGE = 50;

/** A SKU as a variation, named by its sale properties ("Sage / M"). */
const variationOf = (s: LazadaSku): ProductVariationRow => ({
  id: s.skuId || s.sellerSku,
  name: Object.values(s.saleProps).join(' / ') || s.sellerSku,
  price: s.specialPrice ?? s.price,
  stock: s.quantity,
});

/** The shop's live products with their SKUs, page by page up to about `limit`. */
export async function lazadaCatalogue(
  client: LazadaClient,
  accessToken: string,
  limit: number,
): Promise<{ items: CatalogueItem[]; complete: boolean }> {
  const items: CatalogueItem[] = [];
  for (let offset = 0; ; offset += PRODUCT_PAGE) {
    const page = await client.getProducts(accessToken, { offset, limit: PRODUCT_PAGE });
    items.push(
      ...page.products.map((p) => ({
        externalId: p.itemId,
        name: p.name,
        description: p.description,
        price: cataloguePrice(p.price),
        currency: p.currency,
        stock: p.stock,
        images: p.images,
        // One SKU without sale properties is the product itself, not a variation.
        variations:
          p.skus.length > 1 || Object.keys(p.skus[0]?.saleProps ?? {}).length ? p.skus.map(variationOf) : [],
      })),
    );
    if (page.products.length < PRODUCT_PAGE) return { items, complete: true };
    if (items.length >= limit) return { items, complete: false };
  }
}

/** Collectible and regular vouchers running now. */
export async function lazadaRunningVouchers(
  client: LazadaClient,
  accessToken: string,
): Promise<ShopVoucher[]> {
  const found: ShopVoucher[] = [];
  for (const voucherType of ['COLLECTIBLE_VOUCHER', 'REGULAR_VOUCHER']) {
    const { vouchers } = await client.getVouchers(accessToken, { voucherType, curPage: 1, pageSize: 100 });
    for (const v of vouchers.filter((x) => x.status === 'ONGOING')) {
      found.push({
        id: v.voucherId,
        code: v.code,
        name: v.name,
        discount: describeDiscount({
          amountOff: v.moneyOff,
          percentOff: v.percentageOff,
          minimumSpend: v.minimumSpend,
        }),
        endsAt: new Date(v.endTime).toISOString(),
      });
    }
  }
  return found;
}
