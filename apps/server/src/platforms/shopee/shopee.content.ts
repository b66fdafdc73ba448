import type { MessageContent, MessageProduct } from '@balas/contracts';
import { defined, idField, sizeField, textField } from '../native-fields.ts';
import type { NativeMessage } from '../platform.ts';

/**
 * Shopee's message content (marketplaces.md §1.6, spec §2) in our terms, and back. The website's
 * older rows used the same field names, so its adapter reads them with this decoder too.
 * Migration 0018 does the same in SQL: keep the two in step (its test compares them).
 */
export function decodeShopee({ type, content: c }: NativeMessage): MessageContent {
  const text = typeof c.text === 'string' ? c.text : undefined;
  if (type === 'text' && text !== undefined)
    return defined({ kind: 'text', text, notice: c.notification_for_receiver ? true : undefined });
  if (type === 'sticker')
    return defined({
      kind: 'sticker',
      url: textField(c.url),
      stickerId: idField(c.sticker_id),
      packageId: idField(c.sticker_package_id),
    });
  if (type === 'video' || textField(c.video_url))
    return defined({ kind: 'video', url: textField(c.video_url), thumbUrl: textField(c.thumb_url) });
  const suggested = Array.isArray(c.chat_product_infos)
    ? c.chat_product_infos.flatMap((info) => {
        const id =
          info && typeof info === 'object' ? idField((info as Record<string, unknown>).item_id) : undefined;
        return id ? [{ id }] : [];
      })
    : [];
  if (suggested.length) return { kind: 'product', products: suggested, suggested: true };
  if (type === 'faq_unsupported' || idField(c.faq_id) || Array.isArray(c.messages))
    return defined({
      kind: 'link',
      faqId: idField(c.faq_id),
      text: Array.isArray(c.messages)
        ? c.messages.filter((m): m is string => typeof m === 'string').join('\n') || undefined
        : textField(text),
    });
  const orderId = idField(c.order_sn);
  if (orderId) return { kind: 'order', orderId };
  const itemId = idField(c.item_id);
  if (itemId) {
    const product: MessageProduct = defined({
      id: itemId,
      name: textField(c.name),
      price: textField(c.price),
      currency: textField(c.currency),
      image: textField(c.image),
    });
    return { kind: 'product', products: [product] };
  }
  const voucherId = idField(c.voucher_id) ?? idField(c.voucher_code);
  if (voucherId) return defined({ kind: 'voucher', voucherId, code: idField(c.voucher_code) });
  const url = textField(c.url) ?? textField(c.image_url) ?? textField(c.thumb_url);
  if (url)
    return defined({
      kind: 'image',
      url,
      thumbUrl: textField(c.thumb_url),
      width: sizeField(c.thumb_width) ?? sizeField(c.width),
      height: sizeField(c.thumb_height) ?? sizeField(c.height),
      imageId: textField(c.image_id),
    });
  if (text !== undefined)
    return defined({ kind: 'text', text, notice: c.notification_for_receiver ? true : undefined });
  return { kind: 'other', label: type || 'message' };
}

/** Shopee ids go as JSON integers where the platform takes numbers (the client writes big ones exactly). */
export function encodeShopee(content: MessageContent): NativeMessage {
  switch (content.kind) {
    case 'text':
      return { type: 'text', content: { text: content.text } };
    case 'image':
      return { type: 'image', content: { image_url: content.url } };
    case 'sticker':
      return {
        type: 'sticker',
        content: { sticker_id: content.stickerId, sticker_package_id: content.packageId },
      };
    case 'product':
      return { type: 'item', content: { item_id: content.products[0]!.id } };
    case 'order':
      return { type: 'order', content: { order_sn: content.orderId } };
    case 'voucher':
      return { type: 'voucher', content: { voucher_id: content.voucherId, voucher_code: content.code } };
    default:
      throw new Error(`Shopee cannot send a ${content.kind} message`);
  }
}
