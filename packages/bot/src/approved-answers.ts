import { analysedText } from './analysed-text.ts';
import { type AnswerType, askedTypes } from './answer-type.ts';
import { replyLanguage } from './conversation.ts';
import wordData from './data/words.json' with { type: 'json' };
import { isNegative } from './facts.ts';
import { chineseWords, englishGloss, malayGloss } from './gloss.ts';
import { angerScore, askedForHumanScore, HANDOVER_THRESHOLD } from './handover.ts';
import { detectLanguage } from './language.ts';
import { analyze, GLOSS_PREFIX, isCommonWord, isConcept, isStopword, segment, stem } from './tokenize.ts';
import { type AnswerResult, type HistoryTurn, LANGS, type Lang } from './types.ts';

// Approved answers: the merchant's own reply to a question, sent instead of a composed one when a
// shopper asks the same thing, in any of the three languages. "The same thing" is stricter than
// retrieval's relevance: every content word of the shopper's question must be said by the approved
// question (a word, its lexicon concept or its dictionary gloss, so "penghantaran" says "delivery"),
// and every content word of the approved question by the shopper's; the kind of answer asked (a price,
// a span of time...) and a denial must agree. "How long is delivery to Sabah" therefore never takes the
// answer of "how much is delivery to Sabah", nor "return an unused item" that of "return a used item".

export interface ApprovedAnswerRecord {
  id: string;
  /** The questions the answer is for (the shopper's words it was approved from, and the merchant's). */
  questions: string[];
  /** The answer, in each language the merchant wrote it in. */
  answers: Partial<Record<Lang, string>>;
}

/** Below this share of each question's content said by the other, a question is not the same. */
export const DEFAULT_APPROVED_THRESHOLD = 0.7;

interface Aspect {
  /** The word and what stands for it in other languages (concepts, glosses). */
  alternatives: string[];
  weight: number;
}

interface Analysed {
  text: string;
  aspects: Aspect[];
  /** Every term said by the text, for the other side's aspects to be found in. */
  says: Set<string>;
  asks: Set<AnswerType>;
  negative: boolean;
}

interface Entry {
  record: ApprovedAnswerRecord;
  forms: Analysed[];
}

export interface ApprovedIndex {
  entries: Entry[];
  /** term -> entries whose questions say it (candidates for a question). */
  byTerm: Map<string, number[]>;
}

export interface ApprovedMatch {
  record: ApprovedAnswerRecord;
  /** The approved question the shopper's matched. */
  question: string;
  /** 0..1: the smaller of the two shares (the shopper's content said by it, and its by the shopper's). */
  score: number;
}

const STOP_HAN = new Set<string>(wordData.stopwords.zh);
/** Words that greet or soften a chat message without saying what it asks. */
const COURTESY = new Set([
  'hi',
  'hello',
  'hey',
  'hai',
  'helo',
  'please',
  'pls',
  'plz',
  'thanks',
  'thank',
  'boss',
  'bos',
  'sis',
  'bro',
  'dear',
  'tuan',
  'puan',
  'cik',
  'encik',
  'ya',
  'ye',
  'yer',
  'ok',
  'okay',
  'tolong',
  'mohon',
  'terima',
  'kasih',
  'min',
  'admin',
  'seller',
]);
const HAN_COURTESY = new Set(['你好', '您好', '请问', '谢谢', '老板', '亲', '麻烦', '哈喽', '请']);
/**
 * Words that frame a question ("do you offer", "is it available", "ada", "提供") rather than say what
 * it is about: one asks "COD available?" where another asks "do you accept COD?".
 */
const FRAME = new Set([
  'available',
  'accept',
  'offer',
  'provide',
  'have',
  'has',
  'got',
  'get',
  'do',
  'does',
  'can',
  'could',
  'possible',
  'want',
  'need',
  'know',
  'ask',
  'tell',
  'ada',
  'boleh',
  'sedia',
  'terima',
  'nak',
  'mahu',
  'hendak',
  'perlu',
  'tahu',
  'tanya',
  'suitable',
  'ok',
  'okay',
  'sesuai',
]);
const HAN_FRAME = new Set([
  '有',
  '有没有',
  '提供',
  '接受',
  '能',
  '能不能',
  '可不可以',
  '想',
  '要',
  '需要',
  '知道',
  '适合',
  '适用',
]);
const NUMBER = /^\d+(?:\.\d+)?$/;

const WEIGHT_FRAME = 0.2;
const WEIGHT_COMMON = 0.5;
const WEIGHT_HAN_CHAR = 0.3;

const glossTerms = (english: readonly string[]) => english.map((e) => GLOSS_PREFIX + stem(e));

/**
 * Adjacent words saying one lexicon concept together ("bayi baru lahir", "cash on delivery") are one
 * aspect, said by the concept or by any of the words.
 */
function mergePhrases(aspects: Aspect[]): Aspect[] {
  const out: Aspect[] = [];
  for (const aspect of aspects) {
    const last = out[out.length - 1];
    const shared = last?.alternatives.filter((t) => isConcept(t) && aspect.alternatives.includes(t));
    if (!last || !shared?.length) {
      out.push(aspect);
      continue;
    }
    out[out.length - 1] = {
      alternatives: [...new Set([...last.alternatives, ...aspect.alternatives])],
      weight: Math.max(last.weight, aspect.weight),
    };
  }
  return out;
}

function analyseQuestion(raw: string): Analysed {
  const text = analysedText(raw);
  const a = analyze(text, { hanUnigrams: false });
  const aspects: Aspect[] = [];
  for (const seg of segment(text)) {
    if (seg.kind === 'latin') {
      for (const word of seg.words) {
        if (isStopword(word) || COURTESY.has(word)) continue;
        const s = stem(word);
        const alternatives = [
          s,
          GLOSS_PREFIX + s,
          ...(a.lexical.get(s) ?? []),
          ...(a.glosses.get(s) ?? []),
          ...glossTerms(malayGloss(word)),
        ];
        const known = alternatives.some(isConcept) || NUMBER.test(s);
        const weight = FRAME.has(word) ? WEIGHT_FRAME : known || !isCommonWord(word) ? 1 : WEIGHT_COMMON;
        aspects.push({ alternatives: [...new Set(alternatives)], weight });
      }
      continue;
    }
    for (const word of chineseWords(seg.text)) {
      if (STOP_HAN.has(word) || HAN_COURTESY.has(word) || [...word].every((c) => STOP_HAN.has(c))) continue;
      const concepts = new Set<string>();
      for (let i = 0; i < word.length; i++) {
        for (const c of a.lexical.get(word.slice(i, i + 2)) ?? []) concepts.add(c);
        if (word.length === 1) for (const c of a.lexical.get(word) ?? []) concepts.add(c);
      }
      const alternatives = [
        word,
        ...concepts,
        ...(a.glosses.get(word) ?? []),
        ...glossTerms(englishGloss(word)),
      ];
      const weight = HAN_FRAME.has(word)
        ? WEIGHT_FRAME
        : word.length === 1 && concepts.size === 0
          ? WEIGHT_HAN_CHAR
          : 1;
      aspects.push({ alternatives: [...new Set(alternatives)], weight });
    }
  }
  const merged = mergePhrases(aspects);
  const says = new Set<string>(a.terms.keys());
  for (const aspect of merged) for (const t of aspect.alternatives) says.add(t);
  const lang = detectLanguage(text);
  return { text: raw, aspects: merged, says, asks: askedTypes(text), negative: isNegative(text, lang) };
}

/** The weights of `a`'s aspects that `b` says, and of those it does not. */
function covered(a: Analysed, b: Analysed): { found: number; missing: number } {
  let found = 0;
  let missing = 0;
  for (const aspect of a.aspects) {
    if (aspect.alternatives.some((t) => b.says.has(t))) found += aspect.weight;
    else missing += aspect.weight;
  }
  return { found, missing };
}

function sameSet<T>(x: Set<T>, y: Set<T>): boolean {
  return x.size === y.size && [...x].every((v) => y.has(v));
}

/** How much two questions are the same question (0..1). */
function sameness(q: Analysed, form: Analysed): number {
  if (q.aspects.length === 0 || form.aspects.length === 0) return 0;
  if (!sameSet(q.asks, form.asks) || q.negative !== form.negative) return 0;
  // What both say, against everything either says: a word only one of them says counts once against.
  const there = covered(q, form);
  const back = covered(form, q);
  const shared = (there.found + back.found) / 2;
  return shared === 0 ? 0 : shared / (shared + there.missing + back.missing);
}

/** Analyses every approved question once; rebuild when the shop's approved answers change. */
export function buildApprovedIndex(records: ApprovedAnswerRecord[]): ApprovedIndex {
  const entries: Entry[] = [];
  const byTerm = new Map<string, number[]>();
  for (const record of records) {
    const forms = record.questions.filter((q) => q.trim()).map(analyseQuestion);
    if (forms.length === 0 || !LANGS.some((l) => record.answers[l]?.trim())) continue;
    const at = entries.push({ record, forms }) - 1;
    const terms = new Set<string>();
    for (const f of forms) for (const aspect of f.aspects) for (const t of aspect.alternatives) terms.add(t);
    for (const t of terms) {
      const list = byTerm.get(t);
      if (list) list.push(at);
      else byTerm.set(t, [at]);
    }
  }
  return { entries, byTerm };
}

/** The approved answer whose question is the shopper's, if one reaches the threshold. */
export function matchApproved(
  question: string,
  index: ApprovedIndex,
  threshold = DEFAULT_APPROVED_THRESHOLD,
): ApprovedMatch | undefined {
  if (index.entries.length === 0) return undefined;
  const q = analyseQuestion(question);
  if (q.aspects.length === 0) return undefined;
  const candidates = new Set<number>();
  for (const aspect of q.aspects)
    for (const t of aspect.alternatives) for (const at of index.byTerm.get(t) ?? []) candidates.add(at);
  let best: ApprovedMatch | undefined;
  for (const at of candidates) {
    const entry = index.entries[at]!;
    for (const form of entry.forms) {
      const score = sameness(q, form);
      if (score >= threshold && (!best || score > best.score))
        best = { record: entry.record, question: form.text, score };
    }
  }
  return best;
}

/** The answer in the shopper's language when the merchant wrote it, else in the first one written. */
export function approvedText(
  answers: Partial<Record<Lang, string>>,
  lang: Lang,
): { text: string; language: Lang } | undefined {
  const order: Lang[] = [lang, ...LANGS.filter((l) => l !== lang)];
  for (const l of order) {
    const text = answers[l]?.trim();
    if (text) return { text, language: l };
  }
  return undefined;
}

/** The label of an approved answer among a reply's sources. */
export const APPROVED_SOURCE_NAME = 'Approved answer';

/**
 * The reply for a shopper's message when it asks an approved question, else undefined (the engine
 * answers). A message asking for a person or angry is left to the engine's handover.
 */
export function answerApproved(
  message: string,
  index: ApprovedIndex,
  options: { threshold?: number; history?: HistoryTurn[] } = {},
): AnswerResult | undefined {
  const started = performance.now();
  const text = analysedText(message);
  if (askedForHumanScore(text) >= HANDOVER_THRESHOLD || angerScore(text) >= HANDOVER_THRESHOLD)
    return undefined;
  const match = matchApproved(message, index, options.threshold);
  if (!match) return undefined;
  const lang = replyLanguage(message, options.history, false);
  const chosen = approvedText(match.record.answers, lang);
  if (!chosen) return undefined;
  const ms = performance.now() - started;
  return {
    text: chosen.text,
    confidence: match.score,
    sources: [
      {
        kind: 'approved',
        id: match.record.id,
        name: APPROVED_SOURCE_NAME,
        excerpt: match.question,
        score: match.score,
      },
    ],
    language: chosen.language,
    handover: null,
    intent: 'question',
    composer: 'offline',
    timings: { totalMs: ms, retrievalMs: ms, composeMs: 0 },
  };
}
