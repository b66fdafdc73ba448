import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { widgetRatingState } from './ratings.ts';

const question = z
  .string({ error: messages.validation.message })
  .trim()
  .min(1, messages.validation.message)
  .max(limits.questionMax, messages.validation.tooLong(limits.questionMax));

export const simulatorBody = z.object({
  question,
  shopId: z.string().min(1).max(100),
  /** A random 8-digit conversation id per simulator session (spec §9). */
  conversation: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{1,20}$/)),
  productId: z.string().max(64).optional(),
});

export const answerSource = z.object({
  kind: z.enum(['topic', 'file', 'product', 'approved']),
  id: z.string(),
  name: z.string(),
  excerpt: z.string(),
  score: z.number(),
});

export const simulatorAnswer = z.object({
  result: z.string(),
  confidence: z.number(),
  language: z.string(),
  sources: z.array(answerSource),
  handover: z.object({ reason: z.string(), text: z.string() }).nullable(),
});

export const botAnswerLog = z.object({
  id: z.number(),
  shopId: z.string(),
  conversation: z.string(),
  message: z.string(),
  response: z.string(),
  confidence: z.number(),
  createdAt: z.string(),
});

export const websiteChatBody = z.object({
  query: question,
  sessionId: z.string().regex(/^[A-Za-z0-9]{12}$/, 'sessionId must be 12 letters or digits'),
});
export const websiteChatAnswer = z.object({
  response: z.string(),
  handover: z.boolean(),
  messageId: z.string().nullable(),
});
export const websiteHistory = z.object({
  chatHistory: z.array(
    z.object({
      message: z.string(),
      /** Every reply after the message, joined (spec §3). */
      response: z.string(),
      at: z.string(),
      /** The same replies one by one, so the widget can tell the bot from a person of the shop. */
      replies: z.array(
        z.object({
          text: z.string(),
          from: z.enum(['bot', 'agent']),
          at: z.string(),
          /** A picture the shop sent (its text is the label); absent for a text reply. */
          image: z.object({ url: z.string(), width: z.number(), height: z.number() }).optional(),
          /** A product card the shop sent. */
          product: z
            .object({
              id: z.string(),
              name: z.string(),
              price: z.string().nullable(),
              currency: z.string().nullable(),
              image: z.string().nullable(),
            })
            .optional(),
        }),
      ),
    }),
  ),
  /** After the shop resolved the chat: whether to ask the visitor for a rating (issue 28.6). */
  rating: widgetRatingState.optional(),
});
export type WebsiteHistory = z.infer<typeof websiteHistory>;
