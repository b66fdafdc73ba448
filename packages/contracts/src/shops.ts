import { z } from 'zod';
import { email, phonePattern } from './auth.ts';
import { providers } from './channels.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

const v = messages.validation;
const value = z
  .string({ error: v.value })
  .trim()
  .min(1, v.value)
  .max(limits.nameMax, v.tooLong(limits.nameMax));

export const provider = z.enum(providers);
/**
 * A platform's id as answers carry it: one of `providers`, or one the server registered beside them
 * (a test's own platform, decision 0028). An id that comes in is checked against the server's
 * registry, not against this list.
 */
export const providerId = z.string().min(1).max(40);

/** Shop creation payload (spec §3): answer has authUrl. */
export const shopCreateBody = z.object({
  redirect: z.string().max(2000).optional(),
  name: value,
  person_name: value,
  person_email: z.string({ error: v.value }).min(1, v.value).pipe(email),
  person_phone: z.string({ error: v.value }).trim().min(1, v.value).regex(phonePattern, v.phone),
});
export type ShopCreateBody = z.input<typeof shopCreateBody>;

export const shopCreateAnswer = z.object({ authUrl: z.string(), id: z.string() });

export const addInformation = z.object({
  name: z.string(),
  person_name: z.string(),
  person_email: z.string(),
  person_phone: z.string(),
});

export const shopStatus = z.enum(['pending', 'active', 'reconnect']);

export const shop = z.object({
  id: z.string(),
  shopId: z.string(),
  providerName: providerId,
  type: z.string(),
  addInformation,
  defaultBotStatus: z.boolean(),
  status: shopStatus,
  config: z.object({
    vouchersEnabled: z.boolean(),
    pauseBotOnManualReply: z.boolean(),
    handoverMessage: z.string(),
  }),
  createdAt: z.string(),
});
export type Shop = z.infer<typeof shop>;

/** `PUT /api/shopee/v1/{shopId}`: either the bot switch or contact details (or both). */
export const shopUpdateBody = z
  .object({
    defaultBotStatus: z.boolean().optional(),
    name: value.optional(),
    person_name: value.optional(),
    person_email: z.string().pipe(email).optional(),
    person_phone: z.string().trim().regex(phonePattern, v.phone).optional(),
    vouchersEnabled: z.boolean().optional(),
    pauseBotOnManualReply: z.boolean().optional(),
    handoverMessage: z.string().trim().max(500, v.tooLong(500)).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: v.required });
export type ShopUpdateBody = z.input<typeof shopUpdateBody>;

/**
 * The shop page's getting-started steps (train → try in the simulator → turn on), each done or not,
 * read from what the shop has: training, answers the bot gave, and its switch.
 */
export const shopOnboarding = z.object({
  trained: z.boolean(),
  tested: z.boolean(),
  botOn: z.boolean(),
});
export type ShopOnboarding = z.infer<typeof shopOnboarding>;

/** What the website widget shows before the visitor writes: who answers here. */
export const websiteShopStatus = z.object({ name: z.string(), replies: z.enum(['bot', 'team']) });
export type WebsiteShopStatus = z.infer<typeof websiteShopStatus>;
