import { z } from 'zod';
import { chatImageIdPattern, composedContentKey, composedTypes, composerWords } from './composer.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

export const sender = z.enum(['customer', 'agent', 'bot']);
export type Sender = z.infer<typeof sender>;

/** Shopee conversation as the spec's list shows it; ids are strings end to end. */
export const shopeeConversation = z.object({
  id: z.string(),
  conversation_id: z.string(),
  to_id: z.string(),
  to_name: z.string(),
  latest_message_content: z.object({ text: z.string() }),
  last_message_timestamp: z.string(),
  newMsg: z.boolean(),
  unread_count: z.number(),
  /** undefined/null 'Not live', true 'Enabled', false 'Disabled'. */
  is_enable: z.boolean().nullable(),
  is_agent: z.boolean(),
  handover_reason: z.string().nullable(),
});
export type ShopeeConversationView = z.infer<typeof shopeeConversation>;

export const conversationListQuery = z.object({
  direction: z.enum(['older', 'latest']).default('older'),
  type: z.enum(['all', 'unread', 'pinned']).default('all'),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.conversationPageSizeMax)
    .default(limits.conversationPageSizeDefault),
  next_timestamp_nano: z
    .string()
    .regex(/^\d{1,25}$/)
    .optional(),
  /** Tie-breaker of the cursor (conversations with the same time). */
  cursor_id: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
});

export const shopeeConversationPage = z.object({
  conversations: z.array(shopeeConversation),
  page_result: z.object({
    page_size: z.number(),
    more: z.boolean(),
    next_cursor: z.object({ next_message_time_nano: z.string(), conversation_id: z.string() }),
  }),
});

export const lazadaSession = z.object({
  id: z.string(),
  session_id: z.string(),
  title: z.string(),
  to_name: z.string(),
  buyer_id: z.string(),
  summary: z.string(),
  last_message_time: z.number(),
  newMsg: z.boolean(),
  unread_count: z.number(),
  is_enable: z.boolean().nullable(),
  is_agent: z.boolean(),
  handover_reason: z.string().nullable(),
});
export type LazadaSessionView = z.infer<typeof lazadaSession>;

export const sessionListQuery = z.object({
  direction: z.enum(['older', 'latest']).default('older'),
  type: z.string().max(20).default('all'),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.conversationPageSizeMax)
    .default(limits.conversationPageSizeDefault),
  start_time: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  cursor_id: z.string().max(100).optional(),
  search: z.string().max(100).optional(),
});

export const lazadaSessionPage = z.object({
  session_list: z.array(lazadaSession),
  next_start_time: z.string(),
  next_cursor_id: z.string(),
  has_more: z.boolean(),
});

export const messageStatus = z.enum(['sent', 'pending', 'failed']);

export const shopeeMessage = z.object({
  id: z.string(),
  message_id: z.string(),
  /** 'openapi' for the bot's messages (spec §2), 'seller' for the merchant's, 'buyer' for the shopper's. */
  source: z.string(),
  sender,
  message_type: z.string(),
  from_id: z.string(),
  created_timestamp: z.number(),
  content: z.record(z.string(), z.unknown()),
  status: messageStatus,
  error: z.string().nullable(),
});
export type ShopeeMessageView = z.infer<typeof shopeeMessage>;

export const messagePageQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(limits.messagePageSize),
  offset: z.string().max(200).optional(),
});

export const shopeeMessagePage = z.object({
  messages: z.array(shopeeMessage),
  page_result: z.object({ page_size: z.number(), next_offset: z.string() }),
});

export const lazadaMessage = z.object({
  id: z.string(),
  message_id: z.string(),
  session_id: z.string(),
  sender,
  /** 1 = to the buyer (the shop's side), 2 = to the seller. */
  to_account_type: z.number(),
  openai: z.boolean(),
  send_time: z.number(),
  template_id: z.number(),
  content: z.string(),
  status: messageStatus,
  error: z.string().nullable(),
});
export type LazadaMessageView = z.infer<typeof lazadaMessage>;

export const lazadaMessagePage = z.object({
  message_list: z.array(lazadaMessage),
  next_offset: z.string(),
});

export const conversationToggleBody = z.object({ status: z.boolean() });

/**
 * A reply (spec §7 `message`), or, extending it compatibly, one of the composer's messages: `type`
 * and `content` naming a picture uploaded before, a product of the catalogue, a running voucher or
 * one of the shopper's orders (docs/spec-deviations.md). `message` alone is a text reply, as before.
 */
export const replyBody = z
  .object({
    message: z
      .string({ error: messages.validation.message })
      .trim()
      .min(1, messages.validation.message)
      .max(limits.replyMax, messages.validation.tooLong(limits.replyMax))
      .optional(),
    type: z.enum(composedTypes, { error: composerWords.badType }).optional(),
    content: z
      .object({
        imageId: z.string().regex(chatImageIdPattern, composerWords.missing.image).optional(),
        productId: z.string().trim().min(1).max(100).optional(),
        voucherId: z.string().trim().min(1).max(100).optional(),
        orderId: z.string().trim().min(1).max(100).optional(),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const type = body.type ?? 'text';
    if (type === 'text') {
      if (body.message === undefined)
        ctx.addIssue({ code: 'custom', path: ['message'], message: messages.validation.message });
      return;
    }
    const key = composedContentKey[type];
    if (!body.content?.[key])
      ctx.addIssue({ code: 'custom', path: ['content', key], message: composerWords.missing[type] });
  });
export type ReplyBody = z.infer<typeof replyBody>;
