import type { MessageContent } from '@balas/contracts';
import { defined, idField, sizeField, textField } from '../native-fields.ts';
import type { NativeMessage } from '../platform.ts';

/** Lazada's IM content is a JSON string: an object as it is, any other JSON value as its text. */
export function parseLazadaContent(raw: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { txt: raw };
  } catch {
    return { raw };
  }
}

const unreadable = (c: Record<string, unknown>) => Object.keys(c).length === 1 && typeof c.raw === 'string';

/**
 * A Lazada message by its template id (marketplaces.md §2: 1 text, 3 image, 4 sticker, 10006
 * product, 10007 order, 10008 voucher) in our terms, and back. Migration 0018 does the same in SQL.
 */
export function decodeLazada({ type, content: c }: NativeMessage): MessageContent {
  if (unreadable(c)) return { kind: 'other', label: 'unreadable', unreadable: true };
  const txt = typeof c.txt === 'string' ? c.txt : undefined;
  if (type === '1' && txt !== undefined) return { kind: 'text', text: txt };
  if (type === '4' && txt !== undefined) return { kind: 'sticker', emoji: txt };
  const itemId = idField(c.itemId) ?? idField(c.item_id);
  const orderId = idField(c.orderId) ?? idField(c.order_id);
  if ((type === '10007' || !itemId) && orderId) return { kind: 'order', orderId };
  const voucherId = idField(c.promotionId) ?? idField(c.promotion_id);
  if ((type === '10008' || !itemId) && voucherId) return { kind: 'voucher', voucherId };
  if (itemId)
    return defined({
      kind: 'product',
      products: [
        defined({
          id: itemId,
          name: textField(c.title),
          price: textField(c.price),
          image: textField(c.iconUrl),
        }),
      ],
      suggested: c.suggested ? true : undefined,
    });
  const url = textField(c.imgUrl) ?? textField(c.img_url);
  if (url)
    return defined({
      kind: 'image',
      url,
      width: sizeField(c.width),
      height: sizeField(c.height),
      imageId: textField(c.image_id),
    });
  if (textField(c.title) || textField(c.actionUrl))
    return defined({
      kind: 'link',
      title: textField(c.title),
      icon: textField(c.iconUrl),
      url: textField(c.actionUrl),
      product: c.suggested ? true : undefined,
    });
  if (txt !== undefined) return { kind: 'text', text: txt };
  return { kind: 'other', label: type || 'message' };
}

export function encodeLazada(content: MessageContent): NativeMessage {
  switch (content.kind) {
    case 'text':
      return { type: '1', content: { txt: content.text } };
    case 'image':
      return {
        type: '3',
        content: defined({ imgUrl: content.url, width: content.width, height: content.height }),
      };
    case 'sticker':
      return { type: '4', content: { txt: content.emoji ?? '' } };
    case 'product':
      return { type: '10006', content: { itemId: content.products[0]!.id } };
    case 'order':
      return { type: '10007', content: { orderId: content.orderId } };
    case 'voucher':
      return { type: '10008', content: { promotionId: content.voucherId } };
    default:
      throw new Error(`Lazada cannot send a ${content.kind} message`);
  }
}
