import { splitSentences } from '../chunk.ts';
import { detectLanguage, languageScores } from '../language.ts';
import { analyze, isConcept } from '../tokenize.ts';
import type { AnswerResult, Lang } from '../types.ts';
import type { EvalQuestion } from './load-set.ts';

// The strict rules of shared/eval/README.md (what a shopper experiences):
// - a handover question is right when the engine hands over; any other question the engine hands
//   over is unanswered (wrong) and a false handover;
// - a question with `contains` is right when the reply holds every listed string (case-insensitive),
//   is in the question's language and, where `source` is given, the first source is a listed one;
// - a question with only `source` is right when the first source matches and the reply is in the
//   question's language;
// - a cross-lingual question (the fact is written only in another language) answered offline is in
//   the shopper's language when the reply opens in it and every sentence in another language holds
//   an expected string (it quotes only the fact); answered by a model, the whole reply must be.
// The old lenient figure (first source alone) is kept beside it, labelled.

export interface QuestionOutcome {
  id: string;
  language: Lang;
  tags: string[];
  crossLingual: boolean;
  /** The knowledge does not hold the answer (scored on its own line, outside the strict figure). */
  notCovered: boolean;
  /** Rank of the passage that holds the expected facts among the retrieved ones (1-based), 0 when absent;
   * undefined when the question expects no facts. */
  answerRank?: number;
  multiPart: boolean;
  followUp: boolean;
  expectsHandover: boolean;
  handedOver: boolean;
  /** Strict. */
  correct: boolean;
  /** The old rule: first source alone (text where no source is listed). */
  lenient: boolean;
  /** The reply has a sentence in another language that is not a quoted fact. */
  mixed: boolean;
  /** Why a strict answer failed (for --verbose). */
  why?: string;
  firstSource?: string;
  ms: number;
}

export function firstSourceLabel(result: AnswerResult): string | undefined {
  const s = result.sources[0];
  return s ? `${s.kind}:${s.name}` : undefined;
}

export interface LanguageCheck {
  /** The first sentence is in the expected language. */
  opens: boolean;
  /** Sentences in another language (names of the shop's products left out before judging). */
  foreign: string[];
  /** Of those, the ones not inside quotation marks. */
  unquoted: string[];
}

const QUOTED = /["“”「」『』]/;

/** Sentence by sentence, which parts of a reply are not in `lang`. Ambiguous sentences count as `lang`. */
export function checkReplyLanguage(text: string, lang: Lang, names: readonly string[] = []): LanguageCheck {
  let neutral = text;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    if (name.length >= 4) neutral = neutral.split(name).join(' ');
  }
  const sentences = splitSentences(neutral);
  const languageOf = (s: string): Lang => {
    const scores = languageScores(s);
    if (scores.zh === 0 && scores.ms === 0 && scores.en === 0) return lang;
    return detectLanguage(s, lang);
  };
  const foreign: string[] = [];
  const unquoted: string[] = [];
  let opens = true;
  sentences.forEach((s, i) => {
    if (languageOf(s) === lang) return;
    if (i === 0) opens = false;
    foreign.push(s);
    if (!QUOTED.test(s)) unquoted.push(s);
  });
  return { opens, foreign, unquoted };
}

function ownLanguagePart(text: string, foreign: string[]): string {
  let own = text;
  for (const f of foreign) own = own.split(f).join(' ');
  return own;
}

const FRAMES = new Set(['~duration', '~day', '~price', '~week', '~month', '~year', '~hour']);

function factTokens(text: string): Set<string> {
  const out = new Set<string>();
  // Figures of two digits or more and names; a lone digit or a frame ("a duration") proves nothing.
  for (const m of text.matchAll(/\d{2,}(?:[.,]\d+)?|\d[.,]\d+|\b[A-Z][A-Za-z0-9&]{2,}\b/g))
    out.add(m[0].toLowerCase());
  for (const t of analyze(text).terms.keys()) if (isConcept(t) && !FRAMES.has(t)) out.add(t);
  return out;
}

function sharesFact(sentence: string, own: string): boolean {
  const mine = factTokens(own);
  for (const t of factTokens(sentence)) if (mine.has(t)) return true;
  return false;
}

export interface ScoreContext {
  /** Product names of the shop (a name is not a language). */
  names?: readonly string[];
  followUp?: boolean;
}

type Expected = string | string[];

/** Where `text` holds `item` (any one of a list); a figure may not run on into more digits ("RM13" in "RM130"). */
export function holds(text: string, item: Expected): boolean {
  const lower = text.toLowerCase();
  return (Array.isArray(item) ? item : [item]).some((alt) => {
    const want = alt.toLowerCase();
    for (let at = lower.indexOf(want); at >= 0; at = lower.indexOf(want, at + 1)) {
      const before = /^\d/.test(want) ? lower[at - 1] : undefined;
      const after = /\d$/.test(want) ? lower[at + want.length] : undefined;
      const runsOn = (c: string | undefined) => c !== undefined && /\d/.test(c);
      // "RM13" is not "RM13.90" either: a decimal point followed by a digit runs on. "RM13.00" is
      // RM13 written with its cents: the same figure.
      const cents = lower.slice(at + want.length).match(/^\.(\d+)/)?.[1];
      const decimal = after === '.' && cents !== undefined && !/^0+$/.test(cents);
      if (!runsOn(before) && !runsOn(after) && !decimal) return true;
    }
    return false;
  });
}

const label = (item: Expected) => JSON.stringify(Array.isArray(item) ? item.join(' | ') : item);

/** A reply that opens by saying yes ("Yes", "Ya", "Boleh", "是的", "可以"). */
const OPENS_YES =
  /^[\s\p{P}]*(?:yes|yep|yup|sure|of course|ya|iya|boleh|betul|ada|是的|是|可以|有的|对)(?![a-z])/iu;

/** Rank (1-based) of the first retrieved passage from an expected source that holds every expected fact. */
function answerRank(result: AnswerResult, source: string[], contains: Expected[]): number {
  const at = (result.retrieved ?? []).findIndex(
    (p) =>
      (source.length === 0 || source.includes(`${p.kind}:${p.name}`)) &&
      contains.every((c) => holds(p.text, c)),
  );
  return at + 1;
}

export function scoreAnswer(
  question: EvalQuestion,
  result: AnswerResult,
  ms: number,
  context: ScoreContext = {},
): QuestionOutcome {
  const handedOver = result.handover !== null;
  const expectsHandover = 'handover' in question.expect;
  const notCovered = 'notCovered' in question.expect;
  let rank: number | undefined;
  const firstSource = firstSourceLabel(result);
  const crossLingual = question.crossLingual === true;
  const lang = checkReplyLanguage(result.text, question.language, context.names);
  let correct = false;
  let lenient = false;
  let why: string | undefined;
  if ('handover' in question.expect) {
    correct = lenient = handedOver;
    if (!handedOver) why = 'no handover';
  } else if ('notCovered' in question.expect) {
    correct = lenient = handedOver;
    if (!handedOver) why = 'answered anyway';
  } else if (handedOver) {
    why = `handed over (${result.handover?.reason})`;
  } else {
    const { source, contains, polarity } = question.expect;
    const bySource = source.length === 0 || (firstSource !== undefined && source.includes(firstSource));
    const missing = (contains ?? []).filter((c) => !holds(result.text, c));
    const wrongPolarity = polarity === 'no' && OPENS_YES.test(result.text);
    // A quoted sentence holds the fact when it holds an expected string, or the figures, names or
    // subject the reply's own-language part carried over from it (a fact quoted, not a passage).
    const own = ownLanguagePart(result.text, lang.foreign);
    const factSentence = (s: string) => (contains ?? []).some((c) => holds(s, c)) || sharesFact(s, own);
    const inLanguage =
      crossLingual && result.composer === 'offline'
        ? lang.opens && lang.foreign.every(factSentence)
        : lang.foreign.length === 0;
    lenient = source.length > 0 ? bySource : missing.length === 0;
    correct = bySource && missing.length === 0 && inLanguage && !wrongPolarity;
    if (!bySource) why = `first source ${firstSource ?? '-'}`;
    else if (missing.length) why = `missing ${missing.map(label).join(', ')}`;
    else if (!inLanguage) why = `not in ${question.language}`;
    else if (wrongPolarity) why = 'opens with a yes';
  }
  if (!expectsHandover && !notCovered && 'contains' in question.expect && question.expect.contains?.length)
    rank = answerRank(result, question.expect.source, question.expect.contains);
  return {
    id: question.id,
    language: question.language,
    tags: question.tags,
    crossLingual,
    notCovered,
    ...(rank !== undefined ? { answerRank: rank } : {}),
    multiPart: question.multiPart === true,
    followUp: context.followUp === true,
    expectsHandover,
    handedOver,
    correct,
    lenient,
    mixed: !handedOver && lang.unquoted.length > 0,
    ...(why ? { why } : {}),
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
  lenient: Ratio;
  byLanguage: Partial<Record<Lang, Ratio>>;
  crossLingual: Ratio;
  multiPart: Ratio;
  followUp: Ratio;
  /** Accuracy over the questions that do not expect a handover. */
  answerable: Ratio;
  /** Answered replies with a sentence in another language outside a quoted fact. */
  mixed: { count: number; answered: number };
  handover: {
    precision: number;
    recall: number;
    truePositives: number;
    handedOver: number;
    expected: number;
    /** Handovers of questions that expected an answer, over those questions. */
    falseRate: number;
  };
  /** Questions the knowledge does not cover, handed over (the honest deferral) rather than answered. */
  notCovered: Ratio;
  /** Questions with expected facts whose passage retrieval ranked first / in its first five. */
  recall: { at1: Ratio; at5: Ratio };
  byTag: Record<string, Ratio>;
  timing: { p50: number; p95: number; max: number };
}

function ratio(outcomes: QuestionOutcome[], pick: (o: QuestionOutcome) => boolean = (o) => o.correct): Ratio {
  const correct = outcomes.filter(pick).length;
  return { correct, total: outcomes.length, rate: outcomes.length ? correct / outcomes.length : 1 };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function summarize(all: QuestionOutcome[]): EvalSummary {
  const outcomes = all.filter((o) => !o.notCovered);
  const ranked = outcomes.filter((o) => o.answerRank !== undefined);
  const byTag: Record<string, Ratio> = {};
  for (const tag of [...new Set(outcomes.flatMap((o) => o.tags))].sort())
    byTag[tag] = ratio(outcomes.filter((o) => o.tags.includes(tag)));
  const byLanguage: Partial<Record<Lang, Ratio>> = {};
  for (const lang of ['en', 'ms', 'zh'] as const) {
    const subset = outcomes.filter((o) => o.language === lang);
    if (subset.length) byLanguage[lang] = ratio(subset);
  }
  const truePositives = outcomes.filter((o) => o.expectsHandover && o.handedOver).length;
  const handedOver = outcomes.filter((o) => o.handedOver).length;
  const expected = outcomes.filter((o) => o.expectsHandover).length;
  const answerable = outcomes.filter((o) => !o.expectsHandover);
  const answered = outcomes.filter((o) => !o.handedOver);
  const times = all.map((o) => o.ms);
  return {
    accuracy: ratio(outcomes),
    lenient: ratio(outcomes, (o) => o.lenient),
    byLanguage,
    crossLingual: ratio(outcomes.filter((o) => o.crossLingual)),
    multiPart: ratio(outcomes.filter((o) => o.multiPart)),
    followUp: ratio(outcomes.filter((o) => o.followUp)),
    answerable: ratio(answerable),
    mixed: { count: answered.filter((o) => o.mixed).length, answered: answered.length },
    handover: {
      precision: handedOver ? truePositives / handedOver : 1,
      recall: expected ? truePositives / expected : 1,
      truePositives,
      handedOver,
      expected,
      falseRate: answerable.length ? answerable.filter((o) => o.handedOver).length / answerable.length : 0,
    },
    notCovered: ratio(all.filter((o) => o.notCovered)),
    recall: {
      at1: ratio(ranked, (o) => o.answerRank === 1),
      at5: ratio(ranked, (o) => (o.answerRank ?? 0) >= 1),
    },
    byTag,
    timing: { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(0, ...times) },
  };
}

const pct = (r: Ratio) => `${(r.rate * 100).toFixed(1)}% (${r.correct}/${r.total})`;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const optional = (r: Ratio) => (r.total ? pct(r) : '-');

/** The figures of one set, as `npm run eval` prints them: strict first, the old lenient one labelled. */
export function formatSummary(name: string, s: EvalSummary): string {
  const lines = [
    `== ${name}`,
    `accuracy (strict) ${pct(s.accuracy)}   [old lenient rule, first source alone: ${pct(s.lenient)}]`,
    ...Object.entries(s.byLanguage).map(([lang, r]) => `  ${lang.padEnd(16)}${pct(r)}`),
    `cross-lingual     ${optional(s.crossLingual)}`,
    `multi-part        ${optional(s.multiPart)}`,
    `follow-up         ${optional(s.followUp)}`,
    `answerable only   ${pct(s.answerable)}`,
    `mixed languages   ${s.mixed.count} of ${s.mixed.answered} answered replies`,
    `not covered       ${optional(s.notCovered)} handed over or deferred (outside the strict figure)`,
    `retrieval         recall@1 ${optional(s.recall.at1)}, recall@5 ${optional(s.recall.at5)} (the passage holding the facts)`,
    ...(Object.keys(s.byTag).length
      ? [
          `by tag            ${Object.entries(s.byTag)
            .map(([tag, r]) => `${tag} ${pct(r)}`)
            .join(', ')}`,
        ]
      : []),
    `handover          recall ${(s.handover.recall * 100).toFixed(1)}%, precision ${(s.handover.precision * 100).toFixed(1)}%, false handovers ${(s.handover.falseRate * 100).toFixed(1)}% (${s.handover.truePositives} of ${s.handover.expected} expected, ${s.handover.handedOver} handed over)`,
    `answer time       p50 ${ms(s.timing.p50)}, p95 ${ms(s.timing.p95)}, max ${ms(s.timing.max)}`,
  ];
  return `${lines.join('\n')}\n`;
}
