import { z } from 'zod';
import { channelOf } from './channels.ts';
import { limits } from './limits.ts';

/**
 * The merchant's composer in a chat: besides text, a picture, a product card, a voucher and one of
 * the shopper's orders, each sent as its platform's own message type (docs/ARCHITECTURE.md).
 */

/** What the composer sends besides text (`type` of the reply body). */
export const composedTypes = ['text', 'image', 'product', 'voucher', 'order'] as const;
export type ComposedType = (typeof composedTypes)[number];

/** The `content` key each composed type names its thing with. */
export const composedContentKey = {
  image: 'imageId',
  product: 'productId',
  voucher: 'voucherId',
  order: 'orderId',
} as const satisfies Record<Exclude<ComposedType, 'text'>, string>;

/** A composer message as the dashboard posts it to the send route. */
export type ComposedMessage =
  | { type: 'image'; content: { imageId: string } }
  | { type: 'product'; content: { productId: string } }
  | { type: 'voucher'; content: { voucherId: string } }
  | { type: 'order'; content: { orderId: string } };

/** A stored chat picture's id: a random UUID and the extension of its sniffed type. */
export const chatImageIdPattern =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp|gif)$/;

/** The picture types a chat takes, told from their bytes; Shopee's upload takes all but WebP. */
export const chatImageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ChatImageType = (typeof chatImageTypes)[number];
export const chatImageTypesOf = (provider: string): readonly ChatImageType[] =>
  channelOf(provider).webpImages ? chatImageTypes : chatImageTypes.filter((t) => t !== 'image/webp');

/** A picture uploaded for a chat, ready to send. */
export const chatImage = z.object({
  imageId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  type: z.enum(chatImageTypes),
  bytes: z.number().int(),
});
export type ChatImage = z.infer<typeof chatImage>;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const typeNames = (types: readonly ChatImageType[]) =>
  types
    .map((t) => ({ 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP', 'image/gif': 'GIF' })[t])
    .join(', ')
    .replace(/, ([^,]+)$/, ' or $1');

/** Why a send failed, in the merchant's words; the chat shows it beside the message's Retry. */
export type SendFailure = 'reconnect' | 'busy' | 'no_answer' | 'refused' | 'off' | 'image_gone' | 'unknown';

export const composerWords = {
  attachImage: 'Send a picture',
  attachProduct: 'Send a product',
  attachVoucher: 'Send a voucher',
  sendOrder: 'Send',
  sendOrderLabel: (sn: string) => `Send order ${sn} to the chat`,
  imageHint: (provider: string) =>
    `${typeNames(chatImageTypesOf(provider))}, up to ${megabytes(limits.chatImageMaxBytes)}`,
  // The picture's size rounded up, so a file just over the limit never reads as the limit itself.
  imageTooLarge: (bytes: number) =>
    `This picture is ${Math.ceil((bytes / (1024 * 1024)) * 10) / 10} MB. Pictures can be at most ${megabytes(limits.chatImageMaxBytes)}.`,
  imageOverLimit: `Pictures can be at most ${megabytes(limits.chatImageMaxBytes)}. Choose a smaller one.`,
  imageWrongType: (provider: string) =>
    `This file is not a picture the chat takes. Send ${typeNames(chatImageTypesOf(provider))}.`,
  imageEmpty: 'Choose a picture to send.',
  imageTitle: 'Send this picture?',
  imagePreviewAlt: 'The picture to send',
  uploading: 'Uploading…',
  send: 'Send',
  cancel: 'Cancel',
  close: 'Close',
  productTitle: 'Send a product',
  productSearch: 'Search the shop’s products',
  productSearchHint: (min: number) => `Type at least ${min} letters to search`,
  productNone: 'No product matches this search.',
  productEmpty: 'This shop has no products yet. They appear here once the catalogue is synced.',
  productEmptyWebsite: 'This shop has no products to send yet.',
  productsLoading: 'Loading products…',
  voucherTitle: 'Send a voucher',
  voucherNone: 'No voucher is running in this shop now.',
  vouchersLoading: 'Loading vouchers…',
  voucherEnds: (date: string) => `Ends ${date}`,
  loadFailed: 'Could not load this. Check your connection and try again.',
  retry: 'Retry',
  retrying: 'Retrying…',
  notSent: 'Not sent',
  sent: {
    image: '[Image]',
    product: '[Product]',
    voucher: '[Voucher]',
    order: '[Order]',
  },
  /** A composed message the body does not name. */
  missing: {
    image: 'Upload the picture first, then send its imageId.',
    product: 'Choose a product to send.',
    voucher: 'Choose a voucher to send.',
    order: 'Choose an order to send.',
  },
  badType: 'type must be text, image, product, voucher or order',
  productNotInShop: 'This product is not in this shop’s catalogue. Sync the catalogue and try again.',
  orderNotShoppers: 'This order is not one of this shopper’s orders.',
  voucherNotRunning: 'This voucher is not running in the shop now.',
  noVouchers: 'Vouchers can be sent in Shopee and Lazada chats only.',
  noOrders: 'Orders can be sent in Shopee and Lazada chats only.',
  imageNotFound: 'This picture is no longer stored. Upload it again.',
  uploadOne: 'Upload one picture, as the field “file”.',
  failure: {
    reconnect: (channel: string) =>
      `The shop’s connection to ${channel} has ended. Reconnect the shop, then retry.`,
    busy: (channel: string) => `${channel} is busy right now. Wait a moment, then retry.`,
    no_answer: (channel: string) => `${channel} did not answer. Retry in a moment.`,
    refused: (channel: string) => `${channel} did not accept this message.`,
    off: (channel: string) => `${channel} is not set up on this server.`,
    image_gone: () => 'The picture of this message is no longer stored. Send it again.',
    unknown: () => 'The message could not be sent. Retry in a moment.',
  } satisfies Record<SendFailure, (channel: string) => string>,
} as const;
