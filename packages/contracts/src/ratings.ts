// Shoppers rate the help (issue 28.6): after a website chat is resolved the widget asks for 1-5
// stars and an optional comment, stored once per resolution.
import { z } from 'zod';
import { RATING_COMMENT_MAX, ratingWords } from './rating-words.ts';

export const ratingBody = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9]{12}$/, 'sessionId must be 12 letters or digits'),
  stars: z
    .number({ error: ratingWords.badStars })
    .int(ratingWords.badStars)
    .min(1, ratingWords.badStars)
    .max(5, ratingWords.badStars),
  comment: z.string().trim().max(RATING_COMMENT_MAX, ratingWords.commentTooLong).optional(),
});
export type RatingBody = z.input<typeof ratingBody>;

export const answeredBy = z.enum(['bot', 'agent']);
export type AnsweredBy = z.infer<typeof answeredBy>;

/** A chat's rating as the inbox shows it. */
export const chatRating = z.object({
  stars: z.number(),
  comment: z.string(),
  answeredBy,
  at: z.string(),
});
export type ChatRating = z.infer<typeof chatRating>;

/** The widget's view of rating: asked after a resolution, until rated. */
export const widgetRatingState = z.object({ ask: z.boolean(), stars: z.number().nullable() });

/** Insights' ratings: counts of 1..5 stars (index 0 is 1 star) per who answered, and a daily trend. */
export const ratingFigures = z.object({
  bot: z.array(z.number()).length(5),
  agent: z.array(z.number()).length(5),
  days: z.array(z.object({ day: z.string(), count: z.number(), average: z.number().nullable() })),
});
export type RatingFigures = z.infer<typeof ratingFigures>;

export const ratingCount = (counts: readonly number[]) => counts.reduce((n, c) => n + c, 0);
export const ratingAverage = (counts: readonly number[]) => {
  const n = ratingCount(counts);
  return n === 0 ? null : counts.reduce((sum, c, i) => sum + c * (i + 1), 0) / n;
};
