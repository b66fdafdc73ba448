import { z } from 'zod';
import { insightsMessages } from './insights-messages.ts';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { serverMessages } from './server-messages.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** The periods the page offers; a custom period gives `from` and `to` instead. */
export const insightsPresets = [1, 7, 30, 90] as const;
export const INSIGHTS_MAX_DAYS = 366;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** `GET /api/insights`: all the merchant's shops, or one; the last `days` days, or `from`..`to` (inclusive). */
export const insightsQuery = z
  .object({
    shopId: z.string().max(100).optional(),
    days: z.coerce
      .number()
      .int()
      .refine((n) => (insightsPresets as readonly number[]).includes(n), 'Choose 1, 7, 30 or 90 days')
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.from ? 'to' : 'from'], message: insightsMessages.fromAndTo });
      return;
    }
    if (q.from && q.to) {
      const span = dayNumber(q.to) - dayNumber(q.from) + 1;
      if (Number.isNaN(span)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Not a date' });
      else if (span < 1)
        ctx.addIssue({ code: 'custom', path: ['to'], message: insightsMessages.toBeforeFrom });
      else if (span > INSIGHTS_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: insightsMessages.tooLong(INSIGHTS_MAX_DAYS) });
    }
  });
export type InsightsQuery = z.input<typeof insightsQuery>;

export const period = z.object({ from: day, to: day, days: z.number() });

const responseTime = z.object({
  /** Chats measured. */
  count: z.number(),
  medianMs: z.number().nullable(),
  p90Ms: z.number().nullable(),
});

/** The figures of one period (definitions: insightsMessages.definitions). */
export const insightFigures = z.object({
  chats: z.number(),
  shopperMessages: z.number(),
  /** Closed chats the bot resolved, out of `closedChats`; chats still open are counted once they close. */
  botResolved: z.number(),
  closedChats: z.number(),
  botResolvedShare: z.number().nullable(),
  handedOver: z.number(),
  handoverRate: z.number().nullable(),
  botFirstResponse: responseTime,
  humanFirstResponse: responseTime,
  /** Chats nobody of the shop (bot or person) has replied to yet. */
  unanswered: z.number(),
  /** Marketplace chats whose reply deadline has passed or that were answered, and those answered in time. */
  window: z.object({ due: z.number(), within: z.number(), share: z.number().nullable() }),
  vouchersOffered: z.number(),
});
export type InsightFigures = z.infer<typeof insightFigures>;

export const insightDay = z.object({
  date: day,
  chats: z.number(),
  shopperMessages: z.number(),
  botResolved: z.number(),
  closedChats: z.number(),
  handedOver: z.number(),
  botFirstResponseMedianMs: z.number().nullable(),
  humanFirstResponseMedianMs: z.number().nullable(),
  windowDue: z.number(),
  windowWithin: z.number(),
  vouchersOffered: z.number(),
});
export type InsightDay = z.infer<typeof insightDay>;

const namedCount = z.object({ name: z.string(), count: z.number() });

export const insightsOverview = z.object({
  period,
  previousPeriod: period,
  /** The zone the period's days were chosen in (each shop counts its days in its own zone). */
  timeZone: z.string(),
  shops: z.array(z.object({ id: z.string(), name: z.string(), provider: z.string(), timeZone: z.string() })),
  current: insightFigures,
  previous: insightFigures,
  daily: z.array(insightDay),
  previousDaily: z.array(insightDay),
  handoverReasons: z.array(z.object({ code: z.string(), label: z.string(), count: z.number() })),
  /** Shopper messages by weekday (0 Sunday … 6 Saturday) and hour, in each shop's time zone. */
  busiestHours: z.array(z.array(z.number())),
  topTopics: z.array(namedCount),
  topFiles: z.array(namedCount),
  /** Whether any chosen shop is on a marketplace (the response window applies). */
  hasMarketplace: z.boolean(),
});
export type InsightsOverview = z.infer<typeof insightsOverview>;

// ---- knowledge gaps -------------------------------------------------------------------------

export const gapQuestion = z.object({
  /** The bot answer log entry of the question. */
  id: z.number(),
  text: z.string(),
  language: z.string().nullable(),
  at: z.string(),
  conversationId: z.string(),
});

export const knowledgeGap = z.object({
  /** Stable while the group's newest question stays the newest. */
  id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  count: z.number(),
  languages: z.array(z.string()),
  newestAt: z.string(),
  /** Newest first; at most a few. */
  examples: z.array(gapQuestion),
  /** Every question of the group (for dismissing and resolving it). */
  questionIds: z.array(z.number()),
  /** What a person of the shop replied to one of these questions in the chat, if anyone did. */
  shopAnswer: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type KnowledgeGap = z.infer<typeof knowledgeGap>;

export const knowledgeGapsQuery = z.object({
  shopId: z.string().max(100).optional(),
  days: z.coerce.number().int().min(1).max(INSIGHTS_MAX_DAYS).default(90),
});

export const gapQuestionIds = z
  .array(z.number().int().positive())
  .min(1)
  .max(5000, 'Too many questions at once');

export const dismissGapBody = z.object({ shopId: z.string().min(1).max(100), questionIds: gapQuestionIds });

/** One click from a gap to a knowledge entry: into an existing topic, or a new one. */
export const gapEntryBody = z
  .object({
    shopId: z.string().min(1).max(100),
    questionIds: gapQuestionIds,
    topicId: z.string().max(100).optional(),
    newTopicName: z
      .string()
      .trim()
      .max(limits.nameMax, messages.validation.tooLong(limits.nameMax))
      .optional(),
    categorization: z
      .string()
      .trim()
      .max(limits.categorization.length, messages.validation.tooLong(limits.categorization.length)),
    knowledge: z
      .string({ error: insightsMessages.knowledgeRequired })
      .trim()
      .min(1, insightsMessages.knowledgeRequired)
      .max(limits.knowledge.length, messages.validation.tooLong(limits.knowledge.length)),
  })
  .superRefine((b, ctx) => {
    if (!b.topicId && !b.newTopicName)
      ctx.addIssue({ code: 'custom', path: ['topicId'], message: insightsMessages.topicRequired });
  });
export type GapEntryBody = z.input<typeof gapEntryBody>;

/** The merchant's words for a handover reason code of the engine; unknown codes read as "Other reason". */
export function handoverReasonLabel(code: string | null | undefined): string {
  const words = serverMessages.handover as Record<string, string>;
  return (code && words[code]) || serverMessages.handover.other;
}
