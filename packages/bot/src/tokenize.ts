import { analysedText } from './analysed-text.ts';
import lexiconData from './data/lexicon.json' with { type: 'json' };
import wordData from './data/words.json' with { type: 'json' };
import { chineseWords, englishGloss, glossVocabulary, malayGloss } from './gloss.ts';

// Turns shop text and shopper messages into index terms:
// - English / Malay words: lower-cased, chat spellings normalized ("u" -> "you", "brp" -> "berapa"),
//   Malay affixes stripped back to a known root ("penghantaran" -> "hantar"), light English stemming
//   ("shipping" -> "ship"), stopwords dropped;
// - Chinese: character bigrams, plus single characters (weighted low by retrieval);
// - concepts from the bilingual lexicon ("postage", "caj pos" and "运费" all add `~shipping_fee`), so a
//   question and a passage written in different languages can still share terms.

export const CONCEPT_PREFIX = '~';

interface LexiconConcept {
  id: string;
  en: string[];
  ms: string[];
  zh: string[];
}

const CHAT: Record<string, string> = wordData.chatSpelling;
const STOP_LATIN = new Set<string>([...wordData.stopwords.en, ...wordData.stopwords.ms]);
const STOP_HAN = new Set<string>(wordData.stopwords.zh);
const MALAY_ROOTS = new Set<string>(wordData.malayRoots);

const HAN_CHAR = /\p{Script=Han}/u;
// Han runs, numbers (with decimals / thousands separators) and letter runs; everything else separates.
const PIECE = /(\p{Script=Han}+)|(\d+(?:[.,]\d+)*)|([a-z&]+(?:'[a-z]+)?)/gu;

/** Words a shopper may type that are known to the tokenizer itself (for spelling correction). */
export function builtinWords(): Iterable<string> {
  return new Set<string>([...Object.keys(CHAT), ...STOP_LATIN, ...MALAY_ROOTS, ...wordData.commonWords]);
}

const COMMON = new Set<string>(wordData.commonWords);

/** An everyday English or Malay word (its absence from a shop's text says little). */
export function isCommonWord(word: string): boolean {
  return COMMON.has(word) || STOP_LATIN.has(word) || CHAT[word] !== undefined;
}

export function isStopword(word: string): boolean {
  return STOP_LATIN.has(word);
}

export function normalizeText(text: string): string {
  return analysedText(text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019`´]/g, "'");
}

function normalizeNumber(n: string): string {
  // "10,000" -> "10000"; "14.90" -> "14.9"; "1,5" stays a list-ish token "1,5" -> "1" "5" is overkill.
  let s = n.replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (/^\d+\.\d+$/.test(s)) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s.replace(/,/g, '.');
}

export type Segment = { kind: 'latin'; words: string[] } | { kind: 'han'; text: string };

/**
 * Splits normalized text into runs of Latin words (numbers included) and runs of Chinese characters,
 * in order. Letters and digits are separated ("rm14.90" -> "rm", "14.9"), possessive "'s" dropped,
 * Malay reduplication shorthand folded ("hari2" -> "hari").
 */
export function segment(text: string): Segment[] {
  const out: Segment[] = [];
  let latin: string[] | null = null;
  const s = normalizeText(text).replace(/(?<![a-z])([a-z]{3,})2(?![0-9])/g, '$1');
  for (const m of s.matchAll(PIECE)) {
    if (m[1]) {
      latin = null;
      out.push({ kind: 'han', text: m[1] });
      continue;
    }
    if (!latin) {
      latin = [];
      out.push({ kind: 'latin', words: latin });
    }
    if (m[2]) latin.push(normalizeNumber(m[2]));
    else if (m[3]) {
      const w = m[3].replace(/'s$/, '').replace(/'/g, '');
      if (w) latin.push(w);
    }
  }
  return out;
}

// --- stemming -------------------------------------------------------------------------------------

const MALAY_PREFIXES: [string, string][] = [
  ['menge', ''],
  ['penge', ''],
  ['meny', 's'],
  ['peny', 's'],
  ['meng', 'k'],
  ['peng', 'k'],
  ['mem', 'p'],
  ['pem', 'p'],
  ['men', 't'],
  ['pen', 't'],
  ['memper', ''],
  ['diper', ''],
  ['ber', ''],
  ['ter', ''],
  ['per', ''],
  ['di', ''],
  ['ke', ''],
  ['se', ''],
  ['me', ''],
  ['pe', ''],
  ['be', ''],
];
const MALAY_SUFFIXES = ['', 'kan', 'an', 'i', 'nya', 'lah', 'kah'];

/** Malay root of an affixed word, when the root is a known one ("pemulangan" -> "pulang"). */
export function malayRoot(
  word: string,
  known: (root: string) => boolean = (r) => MALAY_ROOTS.has(r),
): string | undefined {
  if (known(word)) return word;
  if (word.length < 5) return undefined;
  for (const suffix of MALAY_SUFFIXES) {
    if (suffix && !word.endsWith(suffix)) continue;
    const base = suffix ? word.slice(0, -suffix.length) : word;
    if (suffix && base.length >= 3 && known(base)) return base;
    for (const [prefix, restore] of MALAY_PREFIXES) {
      if (!base.startsWith(prefix)) continue;
      const rest = base.slice(prefix.length);
      if (rest.length < 3) continue;
      // meN-/peN- drop the root's first consonant before a vowel: "pemulangan" is pulang, not ulang.
      if (restore && /^[aeiou]/.test(rest) && known(restore + rest)) return restore + rest;
      if (known(rest)) return rest;
    }
  }
  return undefined;
}

/** The gloss terms of a Malay word, through its own entry or its root's in the Malay glossary. */
function malayGlossTerms(word: string): string[] {
  if (!/^[a-z]{3,}$/.test(word)) return [];
  const root = malayRoot(word, (r) => malayGloss(r).length > 0);
  const out: string[] = [];
  for (const english of root ? malayGloss(root) : []) {
    if (STOP_LATIN.has(english)) continue;
    const term = glossTerm(stemEnglish(english));
    if (term && !out.includes(term)) out.push(term);
  }
  return out;
}

const NOT_PLURAL = new Set([
  'news',
  'always',
  'series',
  'perhaps',
  'yes',
  'less',
  'unless',
  'across',
  'towards',
  'thanks',
]);

/** A light English stemmer: plural, -ing/-ed, -ation/-ment, final e, final double consonant. */
export function stemEnglish(word: string): string {
  if (word.length <= 3 || /\d/.test(word) || NOT_PLURAL.has(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (/(?:ches|shes|xes|zes)$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(?:ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('ing') && s.length > 5) s = s.slice(0, -3);
  else if (s.endsWith('ed') && s.length > 4) s = s.slice(0, -2);
  if (s.endsWith('ation') && s.length > 7) s = s.slice(0, -5);
  else if (s.endsWith('ment') && s.length > 6) s = s.slice(0, -4);
  if (s.endsWith('e') && s.length > 4) s = s.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(s) && s.length > 3) s = s.slice(0, -1);
  return s;
}

export function stem(word: string): string {
  if (/^\d/.test(word)) return word;
  return malayRoot(word) ?? stemEnglish(word);
}

// --- lexicon --------------------------------------------------------------------------------------

interface LatinPhrase {
  stems: string[];
  concept: string;
}

const latinPhrases = new Map<string, LatinPhrase[]>();
const hanTerms: { term: string; concept: string }[] = [];
const conceptTerms = new Map<string, { en: string[]; ms: string[]; zh: string[] }>();

function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const seg of segment(text)) {
    if (seg.kind === 'latin') for (const w of seg.words) words.push(...expandChat(w));
  }
  return words;
}

/** Text with chat spellings written out ("brg sy" -> "barang saya"), for patterns over words. */
export function expandChatSpellings(text: string): string {
  return text.replace(/[a-z]+/g, (w) => CHAT[w] ?? w);
}

function expandChat(word: string): string[] {
  const mapped = CHAT[word];
  return mapped ? mapped.split(' ') : [word];
}

for (const c of lexiconData.concepts as LexiconConcept[]) {
  const concept = CONCEPT_PREFIX + c.id;
  conceptTerms.set(c.id, { en: c.en, ms: c.ms, zh: c.zh });
  for (const phrase of [...c.en, ...c.ms]) {
    const stems = wordsOf(phrase).map(stem);
    const first = stems[0];
    if (!first) continue;
    const list = latinPhrases.get(first) ?? [];
    if (!list.some((p) => p.concept === concept && p.stems.join(' ') === stems.join(' '))) {
      list.push({ stems, concept });
      latinPhrases.set(first, list);
    }
  }
  for (const term of c.zh) if (HAN_CHAR.test(term)) hanTerms.push({ term, concept });
}

/** The lexicon's words for a concept (used by the model composer's prompt and by tests). */
export function lexiconConcept(id: string): { en: string[]; ms: string[]; zh: string[] } | undefined {
  return conceptTerms.get(id);
}

/** Every Latin word the lexicon knows (for spelling correction). */
export function lexiconWords(): Iterable<string> {
  const out = new Set<string>();
  for (const c of lexiconData.concepts as LexiconConcept[]) {
    for (const phrase of [...c.en, ...c.ms]) for (const w of wordsOf(phrase)) out.add(w);
  }
  return out;
}

// --- analysis -------------------------------------------------------------------------------------

export interface Analysis {
  /** term -> count. Concept terms start with `~`. */
  terms: Map<string, number>;
  /** Latin words after chat normalization and correction, stopwords included, in order. */
  words: string[];
  /** Number of Chinese characters. */
  hanChars: number;
  /** Surface terms (stems, Chinese bigrams / characters) that are lexicon words -> their concepts. */
  lexical: Map<string, Set<string>>;
  /** Per glossed word (an English stem, a Chinese word): its gloss terms, which stand in for it in another language. */
  glosses: Map<string, string[]>;
}

export interface AnalyzeOptions {
  /** Spelling correction for a Latin word the caller does not know: replacement words, or undefined. */
  correct?: (word: string) => string[] | undefined;
  /** Skip single Chinese characters (a document index keeps them; a query weights them low). */
  hanUnigrams?: boolean;
}

function add(terms: Map<string, number>, term: string, n = 1): void {
  terms.set(term, (terms.get(term) ?? 0) + n);
}

function link(lexical: Map<string, Set<string>>, surface: string, concept: string): void {
  const set = lexical.get(surface);
  if (set) set.add(concept);
  else lexical.set(surface, new Set([concept]));
}

// A stated time span ("7 days", "1至3个工作天", "14 hari bekerja") answers "how long" questions.
const DURATION =
  /(?<![\d.])\d+(?:\.\d+)?(?:\s*(?:-|to|until|hingga|sehingga|至|到|~)\s*\d+(?:\.\d+)?)?\s*(?:more\s+|lagi\s+)?(?:working\s+|business\s+)?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|minit|jam|hari|minggu|bulan|tahun|分钟|小时|个?工作天|个?工作日|天|个?星期|个?礼拜|周|个月|年)(?![a-z])/u;

// "3天", "7个工作天": Chinese days come after a number (a lone 天 is also sky, weather, today...).
const HAN_DAYS = /\d\s*(?:个)?(?:工作)?天/u;

// A street address ("Lot 8, Jalan Kemboja 13/4", "43300 Seri Kembangan") answers "where are you".
const ADDRESS =
  /\b(?:jalan|jln|lorong|persiaran|taman|lebuh|lebuhraya|seksyen)\s+\w+|\b\d{5}\s+[a-z]+(?:\s+[a-z]+)?,\s*[a-z]/;

const MONEY = /(?:\brm|\$)\s?\d/;
// A time of day ("11am", "9.30pm", "10点") answers "what time".
const TIME_OF_DAY =
  /\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|pagi|petang|ptg|malam|tengah hari|tengahari)\b|\d{1,2}点/;

export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  const terms = new Map<string, number>();
  const normalized = normalizeText(text);
  if (DURATION.test(normalized)) add(terms, `${CONCEPT_PREFIX}duration`);
  if (HAN_DAYS.test(normalized)) add(terms, `${CONCEPT_PREFIX}day`);
  if (ADDRESS.test(normalized)) {
    add(terms, `${CONCEPT_PREFIX}address`);
    add(terms, `${CONCEPT_PREFIX}location`);
  }
  if (TIME_OF_DAY.test(normalized)) add(terms, `${CONCEPT_PREFIX}hour`);
  // A stated amount answers "how much".
  if (MONEY.test(normalized)) add(terms, `${CONCEPT_PREFIX}price`);
  const lexical = new Map<string, Set<string>>();
  const glosses = new Map<string, string[]>();
  const allWords: string[] = [];
  let hanChars = 0;
  for (const seg of segment(text)) {
    if (seg.kind === 'han') {
      hanChars += seg.text.length;
      analyzeHan(seg.text, terms, lexical, options.hanUnigrams !== false);
      glossHan(seg.text, terms, lexical, glosses);
      continue;
    }
    const words: string[] = [];
    for (const raw of seg.words) {
      if (CHAT[raw] || !options.correct) {
        words.push(...expandChat(raw));
        continue;
      }
      const fixed = options.correct(raw);
      if (fixed) for (const w of fixed) words.push(...expandChat(w));
      else words.push(raw);
    }
    const stems = words.map(stem);
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const s = stems[i]!;
      if (!STOP_LATIN.has(w)) add(terms, s);
      const phrases = latinPhrases.get(s);
      if (!phrases) continue;
      for (const p of phrases) {
        if (p.stems.length > words.length - i) continue;
        let ok = true;
        for (let k = 1; k < p.stems.length; k++) {
          if (stems[i + k] !== p.stems[k]) {
            ok = false;
            break;
          }
        }
        if (ok) {
          add(terms, p.concept);
          for (let k = 0; k < p.stems.length; k++)
            if (!STOP_LATIN.has(words[i + k]!)) link(lexical, stems[i + k]!, p.concept);
        }
      }
    }
    // The dictionary speaks for the words the lexicon has no concept for.
    for (let i = 0; i < words.length; i++) {
      const s = stems[i]!;
      if (STOP_LATIN.has(words[i]!) || lexical.has(s)) continue;
      const gloss = glossTerm(s);
      // A word English does not have is looked up as Malay ("harga" -> "=price").
      const own = gloss ? [gloss] : malayGlossTerms(words[i]!);
      if (!own.length) continue;
      for (const term of own) add(terms, term);
      glosses.set(s, own);
    }
    allWords.push(...words);
  }
  return { terms, words: allWords, hanChars, lexical, glosses };
}

/**
 * A dictionary gloss's term: "=fee" is said by "fee" and by "运费" (freight fee). Not a concept: it is
 * weighed low, and only in retrieval's lexical score and coverage.
 */
export const GLOSS_PREFIX = '=';
let glossStems: Set<string> | undefined;

export function isGloss(term: string): boolean {
  return term.startsWith(GLOSS_PREFIX);
}

/** The gloss term of an English stem some Chinese word is glossed with, if any. */
function glossTerm(stemmed: string): string | undefined {
  glossStems ??= new Set([...glossVocabulary()].filter((w) => !STOP_LATIN.has(w)).map(stem));
  return glossStems.has(stemmed) ? GLOSS_PREFIX + stemmed : undefined;
}

/** Chinese words glossed through the dictionary into the English words they share with English text. */
function glossHan(
  run: string,
  terms: Map<string, number>,
  lexical: Map<string, Set<string>>,
  glosses: Map<string, string[]>,
): void {
  for (const word of chineseWords(run)) {
    // A single character has many senses in the dictionary ("寄": entrust, depend, mail...): too vague
    // to gloss; and a word the lexicon has a concept for is said by the concept.
    if (word.length < 2 || STOP_HAN.has(word)) continue;
    // A word made only of function characters ("多少", "什么", "可以") is a function word: it has no subject to gloss.
    if ([...word].every((c) => STOP_HAN.has(c))) continue;
    let known = false;
    for (let i = 0; i + 1 < word.length; i++) if (lexical.has(word.slice(i, i + 2))) known = true;
    if (known) continue;
    const own: string[] = [];
    for (const english of englishGloss(word)) {
      if (STOP_LATIN.has(english)) continue;
      const term = glossTerm(stem(english));
      if (term && !own.includes(term)) own.push(term);
    }
    for (const term of own) add(terms, term);
    if (own.length) glosses.set(word, own);
  }
}

function analyzeHan(
  run: string,
  terms: Map<string, number>,
  lexical: Map<string, Set<string>>,
  unigrams: boolean,
): void {
  for (let i = 0; i < run.length; i++) {
    const a = run[i]!;
    if (unigrams && !STOP_HAN.has(a)) add(terms, a);
    const b = run[i + 1];
    if (b && !(STOP_HAN.has(a) && STOP_HAN.has(b))) add(terms, a + b);
  }
  // Lexicon terms, longest first: a term inside a longer one ("安全" in "安全座椅") does not count.
  const matches: { start: number; end: number; concept: string }[] = [];
  for (const { term, concept } of hanTerms) {
    let from = run.indexOf(term);
    while (from !== -1) {
      matches.push({ start: from, end: from + term.length, concept });
      from = run.indexOf(term, from + 1);
    }
  }
  matches.sort((x, y) => y.end - y.start - (x.end - x.start));
  const kept: typeof matches = [];
  for (const m of matches) {
    const inside = kept.some(
      (k) => k.start <= m.start && m.end <= k.end && k.end - k.start > m.end - m.start,
    );
    const same = kept.some((k) => k.start === m.start && k.end === m.end && k.concept === m.concept);
    if (inside || same) continue;
    kept.push(m);
    add(terms, m.concept);
    for (let k = m.start; k < m.end; k++) {
      link(lexical, run[k]!, m.concept);
      if (k + 1 < m.end) link(lexical, run.slice(k, k + 2), m.concept);
    }
  }
}

const hanWords = new Set<string>();

/**
 * Whether a Chinese term is a whole lexicon word of the concept ("分期" for instalments), not a piece
 * of a longer one ("付款" inside "货到付款").
 */
export function isHanWordOf(term: string, concept: string): boolean {
  if (hanWords.size === 0) for (const h of hanTerms) hanWords.add(`${h.term}|${h.concept}`);
  return hanWords.has(`${term}|${concept}`);
}

export function isConcept(term: string): boolean {
  return term.startsWith(CONCEPT_PREFIX);
}

/** A single Chinese character term. */
export function isHanUnigram(term: string): boolean {
  return term.length === 1 && HAN_CHAR.test(term);
}
