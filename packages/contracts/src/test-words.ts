import { limits } from './limits.ts';

// Test questions and approved answers: limits, merchant-facing words and the pass-rate signal, with no
// schema library (the shops page, in the dashboard's first load, shows the pass rate).

export const testLimits = {
  questionsPerShop: 200,
  factsPerQuestion: 10,
  formsPerFact: 5,
  factMax: 200,
  approvedPerShop: 2000,
  questionsPerApproved: 10,
  answerMax: limits.replyMax,
  /** The lowest and highest sameness a merchant may ask of an approved answer's question. */
  thresholdMin: 0.5,
  thresholdMax: 1,
} as const;

/** Merchant-facing words of both features (the dashboard and the server's errors). */
export const testWords = {
  factsNeeded: 'Add at least one key fact the answer must say, or choose "should hand over".',
  tooManyQuestions: `A shop keeps at most ${testLimits.questionsPerShop} test questions.`,
  tooManyApproved: `A shop keeps at most ${testLimits.approvedPerShop} approved answers.`,
  answerNeeded: 'Write the answer in at least one language.',
  questionNeeded: 'Add the question this answer is for.',
  questionNotFound: 'That test question no longer exists.',
  approvedNotFound: 'That approved answer no longer exists.',
  noQuestions: 'Add a test question first.',
  approvedSource: 'Approved answer',
  change: {
    regressed: 'Was right, now wrong',
    fixed: 'Was wrong, now right',
    new: 'New',
    same: '',
  },
} as const;

/** A drop in the pass rate from the run before: an attention signal. */
export const passRateDropped = (s: {
  total: number;
  passed: number;
  previousTotal: number | null;
  previousPassed: number | null;
}) =>
  s.previousTotal !== null &&
  s.previousPassed !== null &&
  s.previousTotal > 0 &&
  s.total > 0 &&
  s.passed / s.total < s.previousPassed / s.previousTotal;
