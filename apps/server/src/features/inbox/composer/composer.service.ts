import {
  composerWords,
  type MessageContent,
  type RecentOrdersLookup,
  type ReplyBody,
} from '@balas/contracts';
import type { ShopRow } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import type { Platforms } from '../../../platforms/registry.ts';
import type { ProductsService } from '../../products/products.service.ts';
import type { VoucherOffers } from '../../vouchers/voucher-offers.ts';
import type { ConversationRow } from '../inbox.serialize.ts';
import type { ChatImages } from './chat-images.ts';

const invalid = (field: string, message: string) => new AppError('validation', message, { [field]: message });

/**
 * Turns what the composer posts (a picture's id, a product, a voucher, an order) into the message
 * the shop's platform takes, after checking it is this shop's: a product of its catalogue, a voucher
 * running now, one of this shopper's orders. A bad choice is a clear 400 and nothing is stored.
 */
export function createComposer(deps: {
  platforms: Platforms;
  products: ProductsService;
  voucherOffers: VoucherOffers;
  /** The orders feature's lookup (orders sit above the inbox: they read its conversations). */
  orders: {
    recentForConversation(shop: ShopRow, conversation: ConversationRow): Promise<RecentOrdersLookup>;
  };
  chatImages: ChatImages;
}) {
  const { platforms, products, voucherOffers, orders, chatImages } = deps;

  return {
    async messageFor(
      shop: ShopRow,
      conversation: ConversationRow,
      body: ReplyBody,
    ): Promise<string | MessageContent> {
      const accepts = platforms.of(shop.provider).accepts;
      const content = body.content ?? {};
      switch (body.type ?? 'text') {
        case 'text':
          return body.message!;
        case 'image': {
          const imageId = content.imageId!;
          const image = await chatImages.read(shop.id, imageId).catch(() => {
            throw invalid('content.imageId', composerWords.imageNotFound);
          });
          return {
            kind: 'image',
            url: chatImages.urlOf(shop.id, imageId),
            width: image.width,
            height: image.height,
            imageId,
          };
        }
        case 'product': {
          const product = await products.byExternalId(shop.id, content.productId!);
          if (!product) throw invalid('content.productId', composerWords.productNotInShop);
          return {
            kind: 'product',
            products: [
              {
                id: product.productId,
                name: product.productInfo.name,
                price: product.productInfo.price,
                currency: product.productInfo.currency,
                image: product.productInfo.image,
              },
            ],
          };
        }
        case 'voucher': {
          if (!accepts.includes('voucher')) throw invalid('type', composerWords.noVouchers);
          const running = await voucherOffers.running(shop);
          const voucher = running.find((v) => v.id === content.voucherId);
          if (!voucher) throw invalid('content.voucherId', composerWords.voucherNotRunning);
          return { kind: 'voucher', voucherId: voucher.id, code: voucher.code };
        }
        case 'order': {
          if (!accepts.includes('order')) throw invalid('type', composerWords.noOrders);
          const orderId = content.orderId!;
          // One of this shopper's orders, as the panel lists them; when the platform cannot say,
          // the merchant's choice from the panel stands and the platform checks it on sending.
          const recent = await orders.recentForConversation(shop, conversation);
          if (recent.result === 'found' && !recent.orders.some((o) => o.orderSn === orderId))
            throw invalid('content.orderId', composerWords.orderNotShoppers);
          return { kind: 'order', orderId };
        }
      }
    },
  };
}

export type ComposerService = ReturnType<typeof createComposer>;
