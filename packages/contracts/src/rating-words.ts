// The words of shopper ratings (issue 28.6), without zod: the widget imports them.

export const RATING_COMMENT_MAX = 500;

export const ratingWords = {
  /** The widget (shopper-facing, in the widget's language as its other words). */
  widget: {
    question: 'How did we do?',
    stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
    comment: 'Anything to add? (optional)',
    send: 'Send rating',
    thanks: 'Thank you for your rating!',
    pickStars: 'Choose from 1 to 5 stars',
  },
  badStars: 'A rating is a whole number of stars from 1 to 5',
  commentTooLong: `A comment is at most ${RATING_COMMENT_MAX} characters`,
  notResolved: 'This chat has not been resolved yet, so there is nothing to rate.',
  alreadyRated: 'This chat was already rated. Thank you!',
  /** The dashboard. */
  chatRated: (stars: number) => `Shopper rated ${stars} of 5`,
  ratedBy: { bot: 'Chatbot', agent: 'Your team' } as const,
  insightsTitle: 'Shopper ratings',
  insightsHint:
    'Website shoppers rate a chat after you resolve it. Who answered: the chatbot, or your team when a person replied last before resolving.',
  noRatings: 'No ratings in this period yet.',
} as const;
