import type { ShopVoucher } from '@balas/contracts';
import type { ShopeeClient } from '@balas/marketplaces';
import type { ProductVariationRow } from '../../db/schema.ts';
import { cataloguePrice, lowestPrice, totalStock } from '../catalogue-figures.ts';
import type { CatalogueItem } from '../platform.ts';
import { describeDiscount } from '../voucher-discount.ts';

type Auth = { accessToken: string; shopId: string };

const ITEM_PAGE = 100;
const INFO_BATCH = 50;
const VOUCHER_PAGES = 5;

/** An item's models, named by their tier options ("Sage / M"). */
async function variationsOf(client: ShopeeClient, auth: Auth, itemId: string) {
  const { tierVariations, models } = await client.getModelList(auth, itemId);
  return models.map(
    (m): ProductVariationRow => ({
      id: m.modelId,
      name:
        m.tierIndex
          .map((option, tier) => tierVariations[tier]?.options[option])
          .filter(Boolean)
          .join(' / ') || m.sku,
      price: m.price,
      stock: m.stock,
    }),
  );
}

/** The shop's NORMAL items with their models, page by page up to about `limit`. */
export async function shopeeCatalogue(
  client: ShopeeClient,
  auth: Auth,
  limit: number,
): Promise<{ items: CatalogueItem[]; complete: boolean }> {
  const items: CatalogueItem[] = [];
  let offset = 0;
  for (;;) {
    const page = await client.getItemList(auth, { offset, pageSize: ITEM_PAGE });
    for (let i = 0; i < page.itemIds.length; i += INFO_BATCH) {
      for (const p of await client.getItemBaseInfo(auth, page.itemIds.slice(i, i + INFO_BATCH))) {
        const variations = p.hasModel ? await variationsOf(client, auth, p.itemId) : [];
        items.push({
          externalId: p.itemId,
          name: p.name,
          description: p.description,
          price: cataloguePrice(p.price ?? lowestPrice(variations)),
          currency: p.currency ?? (variations.length ? 'MYR' : null),
          stock: p.stock ?? totalStock(variations),
          images: p.images,
          variations,
        });
      }
    }
    if (!page.hasNextPage || page.itemIds.length === 0) return { items, complete: true };
    if (items.length >= limit || page.nextOffset <= offset) return { items, complete: false };
    offset = page.nextOffset;
  }
}

/** Vouchers running now. */
export async function shopeeRunningVouchers(client: ShopeeClient, auth: Auth): Promise<ShopVoucher[]> {
  const found: ShopVoucher[] = [];
  for (let pageNo = 1; pageNo <= VOUCHER_PAGES; pageNo++) {
    const page = await client.getVoucherList(auth, { status: 'ongoing', pageNo, pageSize: 100 });
    for (const v of page.vouchers) {
      found.push({
        id: v.voucherId,
        code: v.code,
        name: v.name,
        discount: describeDiscount({
          amountOff: v.rewardType === 1 ? v.discountAmount : null,
          percentOff: v.rewardType === 1 ? null : v.percentage,
          minimumSpend: v.minBasketPrice,
        }),
        endsAt: new Date(v.endTime * 1000).toISOString(),
      });
    }
    if (!page.more) break;
  }
  return found;
}
