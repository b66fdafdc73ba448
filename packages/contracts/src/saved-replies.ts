// Saved replies: a merchant's shortcuts for text they send often. In a module of their own so the
// Inbox's first load, which lists views, does not build the schemas only the saved-replies dialog uses.
import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

const shortcut = z
  .string({ error: messages.inbox.shortcut })
  .trim()
  .min(1, messages.inbox.shortcut)
  .max(limits.savedReply.shortcutMax, messages.validation.tooLong(limits.savedReply.shortcutMax))
  .regex(/^[a-z0-9_-]+$/, messages.inbox.shortcut);
const savedReplyText = z
  .string({ error: messages.validation.message })
  .trim()
  .min(1, messages.validation.message)
  .max(limits.savedReply.textMax, messages.validation.tooLong(limits.savedReply.textMax));

export const savedReply = z.object({
  id: z.string(),
  shortcut: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type SavedReply = z.infer<typeof savedReply>;

export const savedReplyBody = z.object({ shortcut, text: savedReplyText });
export type SavedReplyBody = z.input<typeof savedReplyBody>;
export const savedReplyPatch = z
  .object({ shortcut: shortcut.optional(), text: savedReplyText.optional() })
  .refine((b) => b.shortcut !== undefined || b.text !== undefined, { message: messages.validation.required });
export type SavedReplyPatch = z.input<typeof savedReplyPatch>;
/** `q` matches the start of a shortcut or any part of the text. */
export const savedReplyListQuery = z.object({
  q: z.string().trim().max(limits.savedReply.textMax).optional(),
});
export const savedReplyParams = z.object({ id: z.string().max(100) });
