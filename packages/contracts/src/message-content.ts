import { z } from 'zod';

/**
 * A chat message's content in our own terms, whatever the platform it came from or goes to
 * (decision 0020). Each platform adapter decodes its native payloads into this shape and encodes it
 * back for sending; `messages.content` stores it, the native payload is kept beside it (`raw`) for
 * audit. Nothing outside the adapters reads a platform's own fields.
 */

const id = z.string().min(1);
const size = z.number().int().positive().optional();

/** A product a message shows: the platform's id, with what the card needs when the message says it. */
export const messageProduct = z.object({
  id,
  name: z.string().optional(),
  price: z.string().nullable().optional(),
  currency: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
});
export type MessageProduct = z.infer<typeof messageProduct>;

export const messageContent = z.discriminatedUnion('kind', [
  /** Written words; `notice` for a platform's notification to the receiver. */
  z.object({ kind: z.literal('text'), text: z.string(), notice: z.boolean().optional() }),
  /** A picture; `imageId` when it is one of ours (the composer's upload), sent again on a retry. */
  z.object({
    kind: z.literal('image'),
    url: z.string(),
    thumbUrl: z.string().optional(),
    width: size,
    height: size,
    imageId: z.string().optional(),
  }),
  /** A sticker: a picture when the platform gives one, else the emoji it stands for. */
  z.object({
    kind: z.literal('sticker'),
    url: z.string().optional(),
    emoji: z.string().optional(),
    stickerId: z.string().optional(),
    packageId: z.string().optional(),
  }),
  z.object({ kind: z.literal('video'), url: z.string().optional(), thumbUrl: z.string().optional() }),
  /** One product card, or the products a platform suggested (`suggested`). */
  z.object({
    kind: z.literal('product'),
    products: z.array(messageProduct).min(1),
    suggested: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('order'), orderId: id }),
  z.object({ kind: z.literal('voucher'), voucherId: z.string(), code: z.string().optional() }),
  /** A card pointing somewhere: a shop action, an FAQ link, with the words it shows. */
  z.object({
    kind: z.literal('link'),
    title: z.string().optional(),
    text: z.string().optional(),
    icon: z.string().optional(),
    url: z.string().optional(),
    faqId: z.string().optional(),
    product: z.boolean().optional(),
  }),
  /** A kind of message we do not show: the platform's own name for it, as a label. */
  z.object({ kind: z.literal('other'), label: z.string(), unreadable: z.boolean().optional() }),
]);
export type MessageContent = z.infer<typeof messageContent>;
export type MessageKind = MessageContent['kind'];
export type ContentOf<K extends MessageKind> = Extract<MessageContent, { kind: K }>;
