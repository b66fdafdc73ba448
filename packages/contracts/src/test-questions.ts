import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { testLimits, testWords } from './test-words.ts';

// Test questions per shop (issue 28.1) and approved answers (issue 28.2): schemas (limits and words in
// test-words.ts, free of zod: the dashboard's first load shows a pass rate without a schema library).

const v = messages.validation;

const questionText = z
  .string({ error: v.message })
  .trim()
  .min(1, v.message)
  .max(limits.questionMax, v.tooLong(limits.questionMax));

const fact = z
  .array(z.string().trim().max(testLimits.factMax, v.tooLong(testLimits.factMax)))
  .max(testLimits.formsPerFact, v.tooMany(testLimits.formsPerFact))
  .transform((forms) => forms.filter((f) => f.length > 0));

export const testExpect = z.enum(['answer', 'handover']);
export const testOrigin = z.enum(['manual', 'simulator', 'gap', 'reply']);

export const testQuestionBody = z
  .object({
    question: questionText,
    expect: testExpect,
    /** Each key fact as the forms any of which counts: [["RM12", "12 ringgit"], ["3 days"]]. */
    facts: z
      .array(fact)
      .max(testLimits.factsPerQuestion, v.tooMany(testLimits.factsPerQuestion))
      .default([])
      .transform((facts) => facts.filter((f) => f.length > 0)),
    origin: testOrigin.default('manual'),
  })
  .refine((b) => b.expect === 'handover' || b.facts.length > 0, {
    message: testWords.factsNeeded,
    path: ['facts'],
  });
export type TestQuestionBody = z.input<typeof testQuestionBody>;

export const testChange = z.enum(['regressed', 'fixed', 'new', 'same']);
export type TestChange = z.infer<typeof testChange>;

export const testResult = z.object({
  questionId: z.string(),
  question: z.string(),
  passed: z.boolean(),
  reply: z.string(),
  handover: z.string().nullable(),
  confidence: z.number(),
  language: z.string(),
  /** The key facts the reply did not say (each as its forms). */
  missing: z.array(z.array(z.string())),
  approved: z.boolean(),
  change: testChange,
  /** The reply in the run before, when the result changed. */
  previousReply: z.string().nullable(),
});
export type TestResult = z.infer<typeof testResult>;

export const testRun = z.object({
  id: z.string(),
  trigger: z.enum(['manual', 'training']),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number(),
  passed: z.number(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TestRun = z.infer<typeof testRun>;

export const testQuestion = z.object({
  id: z.string(),
  question: z.string(),
  expect: testExpect,
  facts: z.array(z.array(z.string())),
  origin: testOrigin,
  createdAt: z.string(),
});
export type TestQuestion = z.infer<typeof testQuestion>;

/** The Tests section: the questions, the latest run with its results, and the run before's figures. */
export const testsOverview = z.object({
  questions: z.array(testQuestion),
  latest: testRun.nullable(),
  previous: testRun.nullable(),
  results: z.array(testResult),
  /** A run is under way (by hand or after a training change). */
  running: z.boolean(),
});
export type TestsOverview = z.infer<typeof testsOverview>;

/** Each shop's latest finished run and the one before (the shops page's pass rate and its drop). */
export const testSummary = z.array(
  z.object({
    shopId: z.string(),
    total: z.number(),
    passed: z.number(),
    previousTotal: z.number().nullable(),
    previousPassed: z.number().nullable(),
    finishedAt: z.string(),
  }),
);
export type TestSummary = z.infer<typeof testSummary>;

// ---- approved answers ---------------------------------------------------------------------------

const answerText = z
  .string()
  .trim()
  .max(testLimits.answerMax, v.tooLong(testLimits.answerMax))
  .optional()
  .transform((s) => (s ? s : undefined));

export const approvedAnswers = z.object({ en: answerText, ms: answerText, zh: answerText });

export const approvedAnswerBody = z
  .object({
    questions: z
      .array(z.string().trim().max(limits.questionMax, v.tooLong(limits.questionMax)))
      .max(testLimits.questionsPerApproved, v.tooMany(testLimits.questionsPerApproved))
      .transform((qs) => [...new Set(qs.filter((q) => q.length > 0))])
      .refine((qs) => qs.length > 0, testWords.questionNeeded),
    answers: approvedAnswers.refine((a) => Boolean(a.en || a.ms || a.zh), testWords.answerNeeded),
  })
  .strict();
export type ApprovedAnswerBody = z.input<typeof approvedAnswerBody>;

export const approvedAnswer = z.object({
  id: z.string(),
  questions: z.array(z.string()),
  answers: z.object({ en: z.string().optional(), ms: z.string().optional(), zh: z.string().optional() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Replies sent from it in the last 30 days. */
  sent: z.number(),
});
export type ApprovedAnswer = z.infer<typeof approvedAnswer>;

export const approvedList = z.object({
  threshold: z.number(),
  answers: z.array(approvedAnswer),
});
export type ApprovedList = z.infer<typeof approvedList>;

export const approvedSettingsBody = z.object({
  threshold: z.number().min(testLimits.thresholdMin).max(testLimits.thresholdMax),
});

export const approvedTryBody = z.object({
  question: questionText,
  threshold: z.number().min(testLimits.thresholdMin).max(testLimits.thresholdMax).optional(),
});

/** What a shopper asking `question` would get: the best approved question, its score, and whether it is sent. */
export const approvedTry = z.object({
  threshold: z.number(),
  best: z.object({ id: z.string(), question: z.string(), score: z.number(), sent: z.boolean() }).nullable(),
  reply: z.string().nullable(),
  language: z.string().nullable(),
});
export type ApprovedTry = z.infer<typeof approvedTry>;

/** Insights' figure: approved answers kept and replies sent from them in the period. */
export const approvedUsage = z.object({ approved: z.number(), sent: z.number(), days: z.number() });
export type ApprovedUsage = z.infer<typeof approvedUsage>;
