import type { AnswerResult, Lang } from '../types.ts';
import type { EvalQuestion } from './load-set.ts';

// The rules of /work/shared/eval/README.md:
// - a handover question is right when the engine hands over;
// - any other question the engine hands over counts as unanswered (wrong);
// - otherwise it is right when the first source is one of the expected ones (`<kind>:<name>`), or,
//   where `contains` is given, when the reply contains every listed string (case-insensitive).

export interface QuestionOutcome {
  id: string;
  language: Lang;
  crossLingual: boolean;
  expectsHandover: boolean;
  handedOver: boolean;
  correct: boolean;
  firstSource?: string;
  ms: number;
}

export function firstSourceLabel(result: AnswerResult): string | undefined {
  const s = result.sources[0];
  return s ? `${s.kind}:${s.name}` : undefined;
}

export function scoreAnswer(question: EvalQuestion, result: AnswerResult, ms: number): QuestionOutcome {
  const handedOver = result.handover !== null;
  const expectsHandover = 'handover' in question.expect;
  const firstSource = firstSourceLabel(result);
  let correct: boolean;
  if ('handover' in question.expect) correct = handedOver;
  else if (handedOver) correct = false;
  else {
    const bySource = firstSource !== undefined && question.expect.source.includes(firstSource);
    const contains = question.expect.contains;
    const text = result.text.toLowerCase();
    const byText =
      contains !== undefined && contains.length > 0 && contains.every((c) => text.includes(c.toLowerCase()));
    correct = bySource || byText;
  }
  return {
    id: question.id,
    language: question.language,
    crossLingual: question.crossLingual === true,
    expectsHandover,
    handedOver,
    correct,
    ...(firstSource ? { firstSource } : {}),
    ms,
  };
}

export interface Ratio {
  correct: number;
  total: number;
  /** 0..1 (1 when total is 0). */
  rate: number;
}

export interface EvalSummary {
  accuracy: Ratio;
  byLanguage: Partial<Record<Lang, Ratio>>;
  crossLingual: Ratio;
  /** Accuracy over the questions that do not expect a handover. */
  answerable: Ratio;
  handover: {
    precision: number;
    recall: number;
    truePositives: number;
    handedOver: number;
    expected: number;
  };
  timing: { p50: number; p95: number; max: number };
}

function ratio(outcomes: QuestionOutcome[]): Ratio {
  const correct = outcomes.filter((o) => o.correct).length;
  return { correct, total: outcomes.length, rate: outcomes.length ? correct / outcomes.length : 1 };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function summarize(outcomes: QuestionOutcome[]): EvalSummary {
  const byLanguage: Partial<Record<Lang, Ratio>> = {};
  for (const lang of ['en', 'ms', 'zh'] as const) {
    const subset = outcomes.filter((o) => o.language === lang);
    if (subset.length) byLanguage[lang] = ratio(subset);
  }
  const truePositives = outcomes.filter((o) => o.expectsHandover && o.handedOver).length;
  const handedOver = outcomes.filter((o) => o.handedOver).length;
  const expected = outcomes.filter((o) => o.expectsHandover).length;
  const times = outcomes.map((o) => o.ms);
  return {
    accuracy: ratio(outcomes),
    byLanguage,
    crossLingual: ratio(outcomes.filter((o) => o.crossLingual)),
    answerable: ratio(outcomes.filter((o) => !o.expectsHandover)),
    handover: {
      precision: handedOver ? truePositives / handedOver : 1,
      recall: expected ? truePositives / expected : 1,
      truePositives,
      handedOver,
      expected,
    },
    timing: { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(0, ...times) },
  };
}

const pct = (r: Ratio) => `${(r.rate * 100).toFixed(1)}% (${r.correct}/${r.total})`;
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** The figures of one set, as `npm run eval` and the CLI print them. */
export function formatSummary(name: string, s: EvalSummary): string {
  const lines = [
    `== ${name}`,
    `accuracy        ${pct(s.accuracy)}`,
    ...Object.entries(s.byLanguage).map(([lang, r]) => `  ${lang.padEnd(14)}${pct(r)}`),
    `cross-lingual   ${s.crossLingual.total ? pct(s.crossLingual) : '-'}`,
    `answerable only ${pct(s.answerable)}`,
    `handover        precision ${(s.handover.precision * 100).toFixed(1)}%, recall ${(s.handover.recall * 100).toFixed(1)}% (${s.handover.truePositives} of ${s.handover.expected} expected, ${s.handover.handedOver} handed over)`,
    `answer time     p50 ${ms(s.timing.p50)}, p95 ${ms(s.timing.p95)}, max ${ms(s.timing.max)}`,
  ];
  return `${lines.join('\n')}\n`;
}
