import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

const v = messages.validation;

export const topicCreateBody = z.object({
  name: z.string({ error: v.topic }).trim().min(1, v.topic).max(limits.nameMax, v.tooLong(limits.nameMax)),
  shopId: z.string().optional(),
  type: z.string().max(40).optional(),
});
export type TopicCreateBody = z.input<typeof topicCreateBody>;

const entryList = (max: { count: number; length: number }) =>
  z
    .array(z.string().max(max.length, v.tooLong(max.length)))
    .max(max.count, v.tooMany(max.count))
    // Blank entries are dropped on save (spec §5).
    .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0));

/** The spec's "text list": a bare array of strings, or `{ texts: [...] }`. Replaces all entries. */
const textList = (max: { count: number; length: number }) =>
  z.union([entryList(max), z.object({ texts: entryList(max) }).transform((b) => b.texts)]);

export const informationBody = textList(limits.categorization);
export const responseBody = textList(limits.knowledge);

export const topicEntry = z.object({ id: z.string(), info: z.string() });
/** The platform voucher the bot offers with answers from the topic. */
export const topicVoucher = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type TopicVoucher = z.infer<typeof topicVoucher>;
export const topic = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  GPTInformation: z.array(topicEntry),
  GPTResponse: z.array(topicEntry),
  voucher: topicVoucher.nullable(),
  createdAt: z.string(),
});
export type Topic = z.infer<typeof topic>;

/** A voucher running in the shop on its platform, as the topic page offers them. */
export const shopVoucher = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  discount: z.string(),
  endsAt: z.string(),
});
export type ShopVoucher = z.infer<typeof shopVoucher>;

/** Sets (or, with null, clears) the voucher a topic offers. */
export const topicVoucherBody = z.object({ voucherId: z.string().trim().min(1).max(64).nullable() });

export const copyTopicsBody = z.object({ fromShopId: z.string({ error: v.shop }).min(1, v.shop) });

export const copyPreviewQuery = copyTopicsBody;

/**
 * What a copy from another shop brings (`GET /shopee/{shopId}/gpt/copy?fromShopId=`), counted before
 * the merchant confirms: topics, ready files with their passages, and product information for the
 * products both shops sell (matched by name), with what is left out and why.
 */
export const shopCopyPreview = z.object({
  from: z.object({ id: z.string(), name: z.string() }),
  /** Why the copy cannot run (spec §5: the shop has topics already), or null. */
  blocked: z.string().nullable(),
  topics: z.object({ count: z.number(), questions: z.number(), answers: z.number() }),
  files: z.object({
    count: z.number(),
    bytes: z.number(),
    passages: z.number(),
    /** Still being read, or failed: not copied. */
    notReady: z.number(),
    /** A file of the same name and size is in the shop already: not copied. */
    alreadyHere: z.number(),
  }),
  productInfo: z.object({
    entries: z.number(),
    /** Products of this shop the entries are copied to. */
    products: z.number(),
    /** Entries none of whose products this shop sells: not copied. */
    unmatched: z.number(),
  }),
});
export type ShopCopyPreview = z.infer<typeof shopCopyPreview>;

/** What a copy brought (`POST /shopee/{shopId}/gpt/copy`); the files' passages follow in a moment. */
export const shopCopyResult = z.object({ topics: z.number(), files: z.number(), productInfo: z.number() });
export type ShopCopyResult = z.infer<typeof shopCopyResult>;
