import type { MessageContent, MessageKind } from './message-content.ts';

// Readers of canonical message content (decision 0020) for the server and the web, free of zod.

/** What a shopper wrote in a message ('' for a picture, a card or a sticker). */
export const writtenTextOf = (c: MessageContent): string => (c.kind === 'text' ? c.text.trim() : '');

/** The products a message shows, in its order. */
export const productIdsOf = (c: MessageContent): string[] =>
  c.kind === 'product' ? c.products.map((p) => p.id) : [];

/** The order a message carries, if it is an order card. */
export const orderIdOf = (c: MessageContent): string | undefined =>
  c.kind === 'order' ? c.orderId : undefined;

/** The stored picture a composed image message carries, if any. */
export const imageIdOf = (c: MessageContent): string | undefined =>
  c.kind === 'image' ? c.imageId : undefined;

const labels: Record<Exclude<MessageKind, 'text' | 'other'>, string> = {
  image: '[Image]',
  sticker: '[Sticker]',
  video: '[Video]',
  product: '[Product]',
  order: '[Order]',
  voucher: '[Voucher]',
  link: '[Link]',
};

/** A short label for lists and the bot: the message's text, or a label for cards and media. */
export function contentLabel(c: MessageContent): string {
  if (c.kind === 'text' && c.text.trim()) return c.text;
  if (c.kind === 'link' && c.text?.trim()) return c.text;
  if (c.kind === 'other') return `[${c.label}]`;
  if (c.kind === 'text') return '[Text]';
  return labels[c.kind];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string';

/** The fields each kind cannot do without; the rest are optional and read with care by the web. */
const required: Record<MessageKind, (c: Record<string, unknown>) => boolean> = {
  text: (c) => isText(c.text),
  image: (c) => isText(c.url),
  sticker: () => true,
  video: () => true,
  product: (c) =>
    Array.isArray(c.products) &&
    c.products.length > 0 &&
    c.products.every((p) => isObject(p) && isText(p.id)),
  order: (c) => isText(c.orderId),
  voucher: (c) => isText(c.voucherId),
  link: () => true,
  other: (c) => isText(c.label),
};

/**
 * Content read back from the API: canonical when it has its kind's fields, else an unreadable
 * `other` (shown as such, never thrown on). Without zod, so the dashboard's first load stays small.
 */
export function readContent(value: unknown): MessageContent {
  if (isObject(value) && typeof value.kind === 'string' && Object.hasOwn(required, value.kind))
    if (required[value.kind as MessageKind](value)) return value as MessageContent;
  return { kind: 'other', label: 'message', unreadable: true };
}

/** The composer's kinds a platform may not take (the website has no vouchers or orders). */
export type ComposedKind = Extract<MessageKind, 'image' | 'product' | 'voucher' | 'order'>;
