// Draft mode (issue 28.3) and the summary for the person who takes over (issue 28.5): schemas,
// limits and the dashboard's words. Decision 0024.
import { z } from 'zod';
import { CONFIDENT, KNOWS } from './glossary.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { providerId } from './shops.ts';

/** off: the bot sends; always: every reply is a draft; unsure: drafts below the shop's confidence. */
export const draftModes = ['off', 'always', 'unsure'] as const;
export const draftMode = z.enum(draftModes);
export type DraftMode = z.infer<typeof draftMode>;

/** The server's messages about drafts. */
export const draftMessages = {
  below: 'Pick a confidence between 5% and 95%.',
  notFound: 'No draft with this id is waiting in this conversation.',
  handled: 'This draft was already sent or discarded.',
  marketplaceOnly: 'Draft mode is set per shop.',
} as const;

export const draftLimits = {
  /** The confidence below which 'unsure' drafts, when the merchant has not picked one. */
  defaultBelow: 0.6,
  /**
   * A waiting draft raises its chat in "Needs you" when this share of the platform's response
   * window is left (a quarter of Shopee's 12 hours: 3 hours), and never later than `lowMinMs` before
   * the deadline.
   */
  lowShare: 0.25,
  lowMinMs: 30 * 60_000,
  /** A chat without a platform window (website) is raised this long after its draft was written. */
  noWindowMs: 15 * 60_000,
  /** Shopper questions a summary lists. */
  summaryQuestions: 5,
  /** Bot answers a summary lists (the newest). */
  summaryAnswers: 3,
} as const;

/** `PUT /api/inbox/draft-modes/:shopId`. */
export const draftModeBody = z.object({
  mode: draftMode,
  /** With 'unsure': replies below this confidence (0.05-0.95) are drafted. */
  below: z
    .number({ error: draftMessages.below })
    .min(0.05, draftMessages.below)
    .max(0.95, draftMessages.below)
    .optional(),
});
export type DraftModeBody = z.input<typeof draftModeBody>;

export const draftModeSetting = z.object({
  shopId: z.string(),
  shopName: z.string(),
  channel: providerId,
  mode: draftMode,
  below: z.number(),
});
export type DraftModeSetting = z.infer<typeof draftModeSetting>;

/** A draft waiting for a person: the chat's composer shows it with send / edit and send / discard. */
export const botDraft = z.object({
  id: z.string(),
  text: z.string(),
  confidence: z.number(),
  /** The handover reason code when the bot handed over with this reply. */
  handover: z.string().nullable(),
  createdAt: z.string(),
  /** When it raises the chat in "Needs you" (its response window runs low). */
  dueAt: z.string().nullable(),
});
export type BotDraft = z.infer<typeof botDraft>;
export const botDraftList = z.object({ data: z.array(botDraft) });

/** `POST …/drafts/:draftId/send`: without `text` the draft as written, with it the edited reply. */
export const draftSendBody = z.object({
  text: z
    .string({ error: messages.validation.message })
    .trim()
    .min(1, messages.validation.message)
    .max(limits.replyMax, messages.validation.tooLong(limits.replyMax))
    .optional(),
});
export type DraftSendBody = z.input<typeof draftSendBody>;
export const draftParams = z.object({ id: z.string().max(100), draftId: z.string().max(100) });

/**
 * What the person taking over reads first: the shopper's questions a line each (with a gloss in the
 * merchant's language where the engine has one), the product or order in context, what the bot
 * answered, and why it handed over.
 */
export const handoverSummary = z.object({
  /** The shopper's language (en, ms, zh). */
  language: z.string(),
  questions: z.array(z.object({ text: z.string(), gloss: z.string().nullable() })),
  productId: z.string().nullable(),
  /** The product's name when the catalogue has it. */
  productName: z.string().nullable(),
  orderId: z.string().nullable(),
  botAnswers: z.array(z.string()),
  /** The handover reason code (contracts `handoverReasonMessage`). */
  reason: z.string(),
  /** The merchant words stored with the handover. */
  reasonText: z.string(),
  at: z.string(),
});
export type HandoverSummary = z.infer<typeof handoverSummary>;
export const handoverSummaryReply = z.object({ summary: handoverSummary.nullable() });

export const draftWords = {
  settingsTitle: 'Draft mode',
  settingsHelp:
    'The chatbot writes a draft and a person approves it before anything reaches the shopper. A draft not handled in time moves the chat to Needs you.',
  modes: {
    off: 'Off: the chatbot sends its answers',
    always: 'Always: every answer waits for approval',
    unsure: 'Only when unsure',
  } satisfies Record<DraftMode, string>,
  modeLabel: (shop: string) => `Draft mode for ${shop}`,
  belowLabel: 'Which answers wait for you',
  /** The 'unsure' threshold in words (glossary: how sure the bot is, never a percentage). */
  belowValue: (below: number) =>
    below <= KNOWS
      ? 'Only answers it does not know'
      : below < CONFIDENT - 0.001
        ? 'Answers it does not know, and its least sure ones'
        : below < CONFIDENT + 0.001
          ? 'Every answer it is not confident of'
          : 'Every answer it is not confident of, and some it is',
  belowLess: 'Fewer drafts',
  belowMore: 'More drafts',
  saved: 'Draft mode saved',
  composerTitle: 'Draft by the chatbot',
  composerHelp: 'Nothing is sent to the shopper until you approve it.',
  due: (when: string) => `Moves to Needs you ${when}`,
  send: 'Send',
  edit: 'Edit',
  editLabel: 'Edit the draft',
  sendEdited: 'Send edited',
  cancelEdit: 'Cancel',
  discard: 'Discard',
  sent: 'Draft sent',
  discarded: 'Draft discarded',
  summaryTitle: 'Handover summary',
  summaryQuestions: 'The shopper wants',
  summaryProduct: 'Product',
  summaryOrder: 'Order',
  summaryAnswered: 'The chatbot answered',
  summaryNothingAnswered: 'The chatbot did not answer.',
  summaryWhy: 'Why it handed over',
  summaryLanguage: (lang: string) =>
    `Written in ${({ en: 'English', ms: 'Malay', zh: 'Chinese' } as Record<string, string>)[lang] ?? lang}`,
} as const;
