import { answersType, answerTypesOf } from './answer-type.ts';
import { factsOf, glossOf, glossWord, isNegative } from './facts.ts';
import { bm25Idf, type Passage, type ShopIndex } from './index-builder.ts';
import { FACT_FRAME, type FactItem } from './messages.ts';
import { type Query, type Retrieval, rangeHits } from './retrieval.ts';
import { headingText, joinSentences, type Sentence } from './sentences.ts';
import { analyze, isConcept, normalizeText, segment } from './tokenize.ts';
import type { Intent, Lang } from './types.ts';

// The offline composer: no model, no network. It answers with the sentence(s) that answer the
// question, chosen across the best passages, preferring the shopper's language when scores are
// close: at most three sentences ending on a sentence boundary (or the items of a list the shopper
// asked for). When the fact is written only in another language, the reply opens in the shopper's
// language with the fact's numbers, spans, prices, names and subject carried into a templated
// sentence, then quotes only the sentence that holds it.

export const DEFAULT_MAX_CHARS = 350;
const LIST_MAX_CHARS = 600;
const MAX_SENTENCES = 3;
const MAX_LIST_ITEMS = 6;

/** A sentence in the shopper's language wins when it scores at least this share of a foreign one, */
const SAME_LANGUAGE_SHARE = 0.7;
/** ... in a passage scoring at least this share of the best passage, covering as much of the question; */
const SAME_LANGUAGE_PASSAGE = 0.92;
/** ... or, in a passage further down, when it scores at least as well as the foreign sentence. */
const SAME_LANGUAGE_REACH = 0.55;
/** Another passage's sentence may beat the best passage's only from this close. */
const RIVAL_PASSAGE = 0.85;
/** Passages considered besides the best one (their sentences weigh by their passage's score). */
const CANDIDATE_PASSAGES = 8;
const COMPANION_SHARE = 0.6;
/** A sentence of the same passage answering another part of the question joins from this share. */
const NEW_ASPECT_SHARE = 0.3;
const ASKS_WHAT_NOW =
  /\b(?:what (?:should|can|do) i do|what now|how (?:do|can|should) i|what to do|camne|camana|macam mana|mcm mana|bagaimana|apa (?:perlu|patut|nak) (?:saya |sy )?buat)\b|怎么办|怎么处理|该怎么|怎么做/;

export interface Composition {
  text: string;
  /** Passage keys the text was taken from. */
  usedKeys: number[];
  /** The fact was quoted from another language than the shopper's. */
  crossLingual: boolean;
}

// --- greetings and thanks ----------------------------------------------------------------------------

const GREETING_WORDS = new Set(
  'hi hello hey helo hai hallo hiya yo morning afternoon evening good selamat pagi petang malam tengahari salam assalamualaikum assalammualaikum assalamuaalaikum salaam slm howdy greetings'.split(
    ' ',
  ),
);
const THANKS_WORDS = new Set(
  'thanks thank thx tq ty tqvm tqsm terima kasih appreciate appreciated noted ok okay okey okie alright baik faham bye goodbye cheers great awesome perfect nice cool orait set'.split(
    ' ',
  ),
);
const FILLER_WORDS = new Set(
  'you u so much very lot a for the help your there admin boss sis bro dear shop team all everyone de ya yea yes lah la ah again kak abang encik cik tuan puan sir madam it that and banyak byk sangat ye ya yaa wbt waalaikumsalam'.split(
    ' ',
  ),
);
// "May I ask something?" opens a conversation; it is no question yet.
const ASK_OPENERS =
  /\b(?:(?:boleh|nak|mahu|tumpang|nk|bole|blh|mau)\s+)?tanya(?:\s+(?:sikit|sedikit|sket|skit|sikit je|satu soalan|soalan|something))?\b|\b(?:can|may|could)\s+i\s+ask(?:\s+(?:a|some|something|you))?(?:\s+(?:few|quick))?(?:\s+(?:question|questions|thing|things|something))?\b|\bquick question\b|\bi have (?:a )?(?:question|enquiry|inquiry)\b|\bada soalan\b|\b(?:anyone|any1|sesiapa) (?:there|here|ada)\b/g;
const ZH_GREETING =
  /你好|您好|哈喽|哈啰|嗨|早安|早上好|午安|下午好|晚上好|在吗|在不在|老板|请问一下|想问一下|问一下|请问|想请问/g;
const ZH_THANKS = /谢谢|多谢|感谢|谢啦|谢了|好的|明白|了解|知道了|拜拜|再见|没问题|好哦|收到|嗯嗯|好/g;
const ZH_FILLER = /[的了啊呀哦喔你您们啦嗯哈吗呢吧]/g;

/** 'greeting' or 'thanks' when the message is only that (no question in it); otherwise 'question'. */
export function detectSmallTalk(text: string): Intent {
  const lower = normalizeText(text);
  let greeting = false;
  let thanks = false;
  const afterAsk = lower.replace(ASK_OPENERS, ' ');
  if (afterAsk !== lower) greeting = true;
  const afterGreeting = afterAsk.replace(ZH_GREETING, ' ');
  if (afterGreeting !== afterAsk) greeting = true;
  const afterThanks = afterGreeting.replace(ZH_THANKS, ' ');
  if (afterThanks !== afterGreeting) thanks = true;
  const rest = afterThanks.replace(ZH_FILLER, ' ');
  for (const seg of segment(rest)) {
    if (seg.kind === 'han') return 'question';
    for (const w of seg.words) {
      if (GREETING_WORDS.has(w)) greeting = true;
      else if (THANKS_WORDS.has(w)) thanks = true;
      else if (!FILLER_WORDS.has(w)) return 'question';
    }
  }
  if (thanks) return 'thanks';
  if (greeting) return 'greeting';
  return 'question';
}

// --- sentence scoring ----------------------------------------------------------------------------------

// Acknowledgements carry no facts ("I understand that you want to cancel order 123."): they echo the
// question, so they would win on overlap alone.
const FILLER =
  /^(?:i understand|i'm here|i am here|i'd be (?:happy|glad)|i'm (?:happy|glad|sorry)|i can help|i can see|thank you|thanks for|we apologi[sz]e|i apologi[sz]e|sorry|sure\b|of course|certainly|no problem|absolutely|great question|glad|don't worry|rest assured|let's|let me|i see|i hear|we understand|we're here|we are here|you're in the right place|if you (?:encounter|have|need|run)|feel free|terima kasih|maaf|baiklah|谢谢|不好意思|抱歉|明白)/i;

const RANGE_BONUS = 8;
const SECTION_SHARE = 0.5;

const termsCache = new WeakMap<Sentence, Map<string, number>>();
/** Titles and section names recur across questions: their terms are kept (a bounded cache). */
const textTerms = new Map<string, Map<string, number>>();
const TEXT_TERMS_MAX = 5000;
function termsOf(s: Sentence | string): Map<string, number> {
  if (typeof s === 'string') {
    let t = textTerms.get(s);
    if (!t) {
      if (textTerms.size >= TEXT_TERMS_MAX) textTerms.clear();
      t = analyze(s).terms;
      textTerms.set(s, t);
    }
    return t;
  }
  let t = termsCache.get(s);
  if (!t) {
    t = analyze(s.text).terms;
    termsCache.set(s, t);
  }
  return t;
}

function relevance(
  index: ShopIndex,
  query: Query,
  s: Sentence | string,
  except?: Map<string, number>,
): number {
  let score = 0;
  for (const term of termsOf(s).keys()) {
    if (except?.has(term)) continue;
    const w = query.terms.get(term);
    if (w) score += w * bm25Idf(index.bm25, term);
  }
  const text = typeof s === 'string' ? s : s.text;
  return score + RANGE_BONUS * rangeHits(query.text, text);
}

/**
 * The weighted share of the question's aspects a sentence holds (concepts count in any language); an
 * aspect only its passage holds (its lead-in, its section, the product it describes) counts half:
 * "Pos Laju to Sabah" answers "which courier" in a passage about couriers.
 */
function sentenceCoverage(
  query: Query,
  s: Sentence,
  context?: Map<string, number>,
  subject?: string,
): number {
  // The question a sentence answers (a FAQ's) and the product a description is about count as its
  // own words; a section title as context.
  const own = termsOf(s);
  const faq = s.section && /[?？]$/.test(s.section) ? termsOf(s.section) : undefined;
  const about = subject ? termsOf(subject) : undefined;
  const has = (t: string) => own.has(t) || faq?.has(t) === true || about?.has(t) === true;
  let total = 0;
  let hit = 0;
  for (const aspect of query.aspects) {
    total += aspect.weight;
    if (aspect.terms.some(has)) hit += aspect.weight;
    else if (context && aspect.terms.some((t) => context.has(t))) hit += CONTEXT_SHARE * aspect.weight;
  }
  return total ? hit / total : 0;
}

const CONTEXT_SHARE = 0.5;
/** A sentence's score: this share from the question's aspects it covers, the rest from term overlap. */
const COVERAGE_SHARE = 0.6;

const passageTermsCache = new WeakMap<Passage, Map<string, number>>();
function passageTerms(passage: Passage): Map<string, number> {
  let t = passageTermsCache.get(passage);
  if (!t) {
    t = analyze(passage.title ? `${passage.title}\n${passage.text}` : passage.text).terms;
    passageTermsCache.set(passage, t);
  }
  return t;
}

/** How much more a sentence that can give the kind of answer asked for weighs (see `answer-type.ts`). */
const KIND_BONUS = 0.6;

interface Scored {
  sentence: Sentence;
  passage: Passage;
  position: number;
  own: number;
  /** Term overlap (with its section and product title), before normalizing. */
  raw: number;
  coverage: number;
  score: number;
}

function scoreSentences(index: ShopIndex, query: Query, passage: Passage, weight: number): Scored[] {
  const sentences = passage.sentences;
  const usable = sentences.filter((s) => !s.skip);
  const sections = new Map<string, number>();
  const context = passageTerms(passage);
  return usable.map((sentence) => {
    const filler = FILLER.test(sentence.text) ? 0.2 : 1;
    // A description's sentence naming its product says no more than the others: the name counts once.
    const named = passage.kind === 'product' && passage.title ? termsOf(passage.title) : undefined;
    // A sentence that can give the kind of answer asked for (a price for "how much") is the likelier answer.
    const kind =
      query.asks.size && answersType(query.asks, answerTypesOf(sentence.text)) ? 1 + KIND_BONUS : 1;
    const own = relevance(index, query, sentence, named) * filler * kind;
    let section = 0;
    if (sentence.section) {
      section = sections.get(sentence.section) ?? relevance(index, query, sentence.section);
      sections.set(sentence.section, section);
    }
    const title = passage.title && passage.kind === 'product' ? relevance(index, query, passage.title) : 0;
    // The answer to a FAQ's question may not repeat a word of it ("Ask your neighbours first").
    const faq = sentence.section !== undefined && /[?？]$/.test(sentence.section) && section > 0;
    const raw = own > 0 || faq ? own + (faq ? section : SECTION_SHARE * section) + SECTION_SHARE * title : 0;
    const subject = passage.kind === 'product' ? passage.title : undefined;
    const coverage = own > 0 || faq ? sentenceCoverage(query, sentence, context, subject) * filler : 0;
    return {
      sentence,
      passage,
      position: sentences.indexOf(sentence),
      own,
      raw,
      coverage,
      score: (sentence.heading ? 0.3 : 1) * raw * weight,
    };
  });
}

/** Scores comparable across passages and languages: aspect coverage first, then term overlap. */
function normalizeScores(scored: Scored[]): void {
  const max = Math.max(0, ...scored.map((c) => c.raw));
  for (const c of scored) {
    const blended = max > 0 ? COVERAGE_SHARE * c.coverage + (1 - COVERAGE_SHARE) * (c.raw / max) : 0;
    c.score = c.raw > 0 ? (c.sentence.heading ? 0.3 : 1) * blended : 0;
  }
}

/** The question's aspects (by position) a sentence holds by its own words. */
function aspectsHeld(query: Query, s: Sentence): Set<number> {
  const terms = termsOf(s);
  const out = new Set<number>();
  query.aspects.forEach((a, i) => {
    if (a.terms.length && a.weight > 0 && a.terms.some((t) => terms.has(t))) out.add(i);
  });
  return out;
}

/** The sentence of a passage that best matches the message, for a source's excerpt. */
export function bestSentence(index: ShopIndex, query: Query, passage: Passage, max = 160): string {
  const scored = scoreSentences(index, query, passage, 1);
  normalizeScores(scored);
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0]?.sentence ?? passage.sentences[0];
  return best ? trimToLength(best.text, max) : '';
}

/** Cuts a text to at most `max` characters, on a sentence, then a clause, then a word boundary. */
export function trimToLength(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const head = t.slice(0, max);
  const sentence = Math.max(
    ...[...head.matchAll(/[.!?。！？](?=\s|$)|[。！？]/g)].map((m) => (m.index ?? 0) + m[0].length),
    0,
  );
  if (sentence >= max * 0.5) return head.slice(0, sentence).trim();
  const clause = Math.max(
    head.lastIndexOf(', '),
    head.lastIndexOf('; '),
    head.lastIndexOf('，'),
    head.lastIndexOf('；'),
  );
  if (clause >= max * 0.5) return `${head.slice(0, clause).trim()}…`;
  const word = head.lastIndexOf(' ');
  return `${(word >= max * 0.5 ? head.slice(0, word) : head.slice(0, max - 1)).trim()}…`;
}

// --- composition -------------------------------------------------------------------------------------

const LIST_ASK =
  /\b(?:steps?|how (?:do|can|could|should) (?:i|we)|how to|what are|which (?:\w+ )?(?:options|methods|ways)|options|methods|list|macam mana|camne|cemana|bagaimana|cara|apa (?:je|saja|sahaja))\b|怎么|如何|步骤|哪些|有什么|方式/;

function introducesList(s: Sentence): boolean {
  return /[:：]$/.test(s.text);
}

function cleanListMark(text: string): string {
  return text.replace(/^[-*•·]\s+/, '');
}

/** A list item gains its section title when the title says what the item is about. */
function withSection(s: Sentence, lang: Lang): string {
  const text = cleanListMark(s.text);
  if (!s.listItem || !s.section) return text;
  const section = headingText(s.section);
  if (!section || normalizeText(text).includes(normalizeText(section))) return text;
  return `${section}${lang === 'zh' ? '：' : ': '}${text}`;
}

/** The list items or open lines (an address) after a sentence introducing them, maybe in the next chunk. */
function itemsAfter(index: ShopIndex, passage: Passage, at: number): Scored[] {
  const all = passage.sentences;
  const next = at === all.length - 1 ? index.nextChunk.get(passage.key) : undefined;
  const following =
    next === undefined
      ? all.slice(at + 1).map((s, i) => ({ s, position: at + 1 + i, from: passage }))
      : index.passages[next]!.sentences.map((s, i) => ({
          s,
          position: all.length + i,
          from: index.passages[next]!,
        }));
  const out: Scored[] = [];
  let previousLine: number | undefined;
  for (const { s, position, from } of following) {
    // The next chunk opens with the title it carries over ("ENGLISH"), not with the list.
    if (from !== passage && s.heading && s.line === 0 && out.length === 0) continue;
    if (out.length >= MAX_LIST_ITEMS || s.skip) break;
    const open = !/[.!?。！？]$/.test(s.text);
    // A short line right under the colon is part of it (an address line), not a new section.
    if (s.heading && !(open && (previousLine === undefined || s.line === previousLine + 1))) break;
    if (!s.listItem && !open && out.length > 0) break;
    out.push({ sentence: s, passage: from, position, own: 0, raw: 0, coverage: 0, score: 0 });
    previousLine = s.line;
    if (!s.listItem && !open) break;
  }
  return out;
}

interface Choice {
  sentences: Scored[];
  list: boolean;
  /** The sentence that answers best (the others accompany it). */
  best?: Scored;
  /** Companions answering another part of the question. */
  adding?: Scored[];
}

function choose(
  index: ShopIndex,
  retrieval: Retrieval,
  language: Lang,
  allowed?: (p: Passage) => boolean,
): Choice | undefined {
  const ranked = retrieval.ranked.filter((r) => !allowed || allowed(r.passage));
  const top = ranked[0];
  if (!top) return undefined;
  // The best passage's sentences, and those of passages nearly as good (weighed down by their rank).
  const candidates: Scored[] = [];
  const ratios = new Map<Passage, number>();
  for (const r of ranked.slice(0, CANDIDATE_PASSAGES)) {
    const ratio = r.score / top.score;
    if (ratio < SAME_LANGUAGE_REACH) break;
    ratios.set(r.passage, ratio);
    candidates.push(...scoreSentences(index, retrieval.query, r.passage, 1));
  }
  normalizeScores(candidates);
  const weighted = (c: Scored) => {
    const ratio = ratios.get(c.passage) ?? 0;
    return ratio >= RIVAL_PASSAGE ? c.score * ratio * ratio : 0;
  };
  if (
    candidates.every((c) => c.passage !== top.passage || c.score === 0) &&
    candidates.every((c) => weighted(c) === 0)
  ) {
    const first = top.passage.sentences.find((s) => !s.skip && !s.heading) ?? top.passage.sentences[0];
    if (!first) return undefined;
    return {
      sentences: [
        { sentence: first, passage: top.passage, position: 0, own: 0, raw: 0, coverage: 0, score: 0 },
      ],
      list: false,
    };
  }
  let best = candidates[0]!;
  for (const c of candidates) if (weighted(c) > weighted(best)) best = c;
  if (best.sentence.heading) {
    // A section title is no answer while a statement matches.
    let statement: Scored | undefined;
    for (const c of candidates)
      if (!c.sentence.heading && weighted(c) > 0 && (!statement || weighted(c) > weighted(statement)))
        statement = c;
    if (statement) best = statement;
  }
  if (best.sentence.lang !== language) {
    // A sentence in the shopper's language saying about as much, in a passage about as relevant;
    // further down, only the same fact said in the shopper's language: it holds the same figures.
    const foreign = best;
    const wide = sentenceCoverage(retrieval.query, foreign.sentence);
    const own = candidates
      .filter((c) => c.sentence.lang === language && !c.sentence.heading && c.score > 0)
      .sort((a, b) => b.score * (ratios.get(b.passage) ?? 0) - a.score * (ratios.get(a.passage) ?? 0))
      .find((c) => {
        const near = (ratios.get(c.passage) ?? 0) >= SAME_LANGUAGE_PASSAGE;
        return (
          (near
            ? c.score >= foreign.score * SAME_LANGUAGE_SHARE
            : sameFigures(c.sentence, foreign.sentence)) &&
          sentenceCoverage(retrieval.query, c.sentence) >= wide
        );
      });
    if (own) best = own;
  }

  const passage = best.passage;
  const siblings = candidates.filter((c) => c.passage === passage && c !== best);
  const chosen: Scored[] = [best];
  const adding: Scored[] = [];
  const asksList = LIST_ASK.test(normalizeText(retrieval.query.text));
  let list = false;
  const all = passage.sentences;
  const at = best.position;
  // A sentence ending with a colon introduces what follows (an address, steps); a section title's
  // list answers a question asking for a list.
  if (introducesList(best.sentence)) {
    list = true;
    chosen.push(...itemsAfter(index, passage, at));
  } else if (asksList && best.sentence.listItem) {
    list = true;
    for (let i = at + 1; i < all.length && chosen.length < MAX_LIST_ITEMS; i++) {
      const s = all[i]!;
      if (!s.listItem || s.section !== best.sentence.section) break;
      chosen.push({ sentence: s, passage, position: i, own: 0, raw: 0, coverage: 0, score: 0 });
    }
  }
  if (!list) {
    const said = aspectsHeld(retrieval.query, best.sentence);
    adding.length = 0;
    for (const c of siblings.sort((a, b) => b.score - a.score)) {
      if (chosen.length >= MAX_SENTENCES) break;
      if (c.own === 0 || c.score < best.score * NEW_ASPECT_SHARE) break;
      if (c.sentence.lang !== best.sentence.lang || c.sentence.heading) continue;
      // A sentence nearly as good, or one answering a part of the question the others leave out
      // ("can return? any charges?": the fee is in the next sentence).
      const adds = [...aspectsHeld(retrieval.query, c.sentence)].filter((a) => !said.has(a));
      if (c.score < best.score * COMPANION_SHARE && adds.length === 0) continue;
      for (const a of adds) said.add(a);
      if (adds.length) adding.push(c);
      chosen.push(c);
    }
    // "What should I do?": the sentence after the best one in its paragraph carries on the answer.
    const next = all[at + 1];
    if (
      chosen.length < MAX_SENTENCES &&
      ASKS_WHAT_NOW.test(normalizeText(retrieval.query.text)) &&
      next &&
      !next.skip &&
      !next.heading &&
      next.line === best.sentence.line &&
      next.lang === best.sentence.lang &&
      !chosen.some((c) => c.sentence === next)
    ) {
      const step = { sentence: next, passage, position: at + 1, own: 0, raw: 0, coverage: 0, score: 0 };
      chosen.push(step);
      adding.push(step);
    }
  }
  chosen.sort((a, b) => a.position - b.position);
  // A chosen sentence ending with a colon ("Return address:") brings what it introduces.
  const last = chosen.at(-1)!;
  if (!list && introducesList(last.sentence) && last.passage === passage) {
    const items = itemsAfter(index, passage, last.position);
    if (items.length) {
      list = true;
      chosen.push(...items);
    }
  }
  return { sentences: chosen, list, best, adding };
}

function figuresOf(text: string): string[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => m[0].replace(',', '.'));
}

/** Both sentences state figures, and every figure of the foreign one is in the shopper's one. */
function sameFigures(own: Sentence, foreign: Sentence): boolean {
  const theirs = figuresOf(foreign.text);
  const mine = new Set(figuresOf(own.text));
  return theirs.length > 0 && theirs.every((f) => mine.has(f));
}

function render(sentences: Scored[], lang: Lang, max: number): string {
  const text = (list: Scored[]) =>
    joinSentences(list.map((c) => ({ text: withSection(c.sentence, lang), line: c.sentence.line })));
  let kept = [...sentences];
  // Keep whole sentences: drop the least relevant companions until it fits (never the best one, and
  // never cut a sentence in the middle unless one sentence alone is too long).
  while (kept.length > 1 && text(kept).length > max) {
    const companions = kept.filter(
      (c) => c !== sentences.find((x) => x.score === Math.max(...kept.map((k) => k.score))),
    );
    const weakest = companions.reduce((a, b) => (b.score < a.score ? b : a));
    kept = kept.filter((c) => c !== weakest);
  }
  const joined = text(kept);
  return joined.length <= max ? joined : trimToLength(joined, max);
}

/** The opening, in the shopper's language, of a reply whose fact is written in another language. */
export function templatedFact(sentences: Sentence[], language: Lang, query: Query): string {
  const question = query.text;
  const items: FactItem[] = [];
  const seen = new Set<string>();
  let negative = false;
  let restricted = false;
  let bestClause = 0;
  const yesNo = isYesNoQuestion(question);
  for (const s of sentences) {
    const before = items.length;
    // "Closed on Mondays and on the first two days of Hari Raya": what the clauses list is when the
    // shop is closed, until a clause says it opens.
    let closed = false;
    for (const clause of clausesOf(s.text)) {
      closed = CLOSED[s.lang].test(clause) || (closed && !OPEN[s.lang].test(clause));
      // Yes or no is said by the clause about what was asked, not by any clause of the sentence.
      let shared = 0;
      for (const t of termsOf(clause).keys()) if (query.terms.has(t)) shared++;
      if (shared > bestClause) {
        bestClause = shared;
        negative = isNegative(clause, s.lang) && !CONDITIONAL.test(clause);
        // "can only be returned if defective": neither a yes nor a no; the quote says which.
        restricted = CONDITIONAL.test(clause) || RESTRICTED.test(clause);
      }
      // "opened teats and pacifiers cannot be returned": the denial may sit in the clause after
      // the one naming what was asked.
      if (shared > 0 && !negative && isNegative(clause, s.lang) && !CONDITIONAL.test(clause)) negative = true;
      // Places are what a fact is about ("Sabah: RM15"), said in the reply's language.
      const places = placesOf(clause, language);
      const facts = factsOf(clause, s.lang)
        .map((f) => f.say(language))
        .filter((f) => !seen.has(f) && !isPlace(f));
      for (const f of facts) seen.add(f);
      const subject = closed
        ? [CLOSED_WORD[language], ...places]
        : [...places, ...askedGloss(clause, language, query).filter((g) => !places.includes(g))].filter(
            (g) => !facts.some((f) => f.toLowerCase().includes(g.toLowerCase())),
          );
      const last = items.at(-1);
      if (facts.length && closed && last?.subject.join() === subject.join()) last.facts.push(...facts);
      else if (facts.length) items.push({ subject: subject.slice(0, 2), facts });
      else if (last && places.length) {
        // "..., Sarawak & Labuan": more places for the fact before.
        last.subject = [...new Set([...last.subject, ...places])].slice(0, 4);
      }
    }
    // A quoted sentence with no figure to carry is introduced by what it says of the question.
    if (items.length === before && (sentences.length > 1 || !yesNo)) {
      const subject = askedAndSaid(query, [s], language);
      if (subject.length) items.push({ subject, facts: [] });
    }
  }
  // "Does it have pockets?" answered by a sentence saying so: "Yes (pocket)".
  const about = items.length === 0 ? askedAndSaid(query, sentences, language) : [];
  const verdict = yesNo && (negative || !restricted);
  // With no yes or no to open with, the reply is introduced by what the quote is about.
  if (yesNo && !verdict && about.length) items.push({ subject: about, facts: [] });
  return FACT_FRAME[language]({
    about,
    items: items.slice(0, 4),
    negative,
    yesNo: verdict,
  });
}

/**
 * What a clause is about, in the reply's language: the things the shopper asked about when the clause
 * names any ("gift" for gift wrapping, not the greeting "card" it comes with), else all it names
 * ("credit card: Mastercard" in a list of payment methods).
 */
function askedGloss(clause: string, language: Lang, query: Query): string[] {
  const asked = glossOf(clause, language, 3, (c) => query.terms.has(c));
  return asked.length ? asked : glossOf(clause, language, 3);
}

/** The lexicon's words, in the reply's language, for what the question asks and the sentences say. */
function askedAndSaid(query: Query, sentences: Sentence[], language: Lang, limit = 2): string[] {
  const said = new Set(sentences.flatMap((s) => [...termsOf(s.text).keys()]));
  const out: string[] = [];
  for (const term of query.terms.keys()) {
    if (!isConcept(term) || !said.has(term) || GENERIC_CONCEPTS.has(term)) continue;
    const word = glossWord(term.slice(1), language);
    if (word && !out.includes(word) && out.length < limit) out.push(word);
  }
  return out;
}

/** A sentence's clauses: on semicolons, "and" / "dan" / "和", and commas before a new statement. */
/** A clause saying when the shop is closed, and one saying it opens (which ends the closed list). */
const CLOSED: Record<Lang, RegExp> = {
  en: /\bclosed\b/i,
  ms: /\btutup\b/i,
  zh: /休息|关门|不营业|休业|公休/,
};
const OPEN: Record<Lang, RegExp> = {
  en: /\bopens?\b/i,
  ms: /\bbuka\b/i,
  zh: /(?<!不)营业|开门/,
};
const CLOSED_WORD: Record<Lang, string> = { en: 'Closed', ms: 'Tutup', zh: '休息' };

function clausesOf(text: string): string[] {
  return text
    .split(/[;；。]|(?<!\s)\s+(?:and|dan|serta)\s+|[和及]|[,，](?=\s*\D)/)
    .map((c) => c.trim())
    .filter(Boolean);
}

const PLACE_CONCEPTS = ['~west_malaysia', '~east_malaysia', '~sabah', '~sarawak', '~overseas'];

/** The places a clause names, in the reply's language ("西马" -> "West Malaysia"). */
function placesOf(clause: string, language: Lang): string[] {
  const terms = termsOf(clause);
  const out: string[] = [];
  // The most specific first: Sabah before East Malaysia.
  for (const c of ['~sabah', '~sarawak', '~west_malaysia', '~east_malaysia', '~overseas']) {
    if (!terms.has(c)) continue;
    const word = glossWord(c.slice(1), language);
    if (word && !out.includes(word)) out.push(word);
  }
  if (out.includes(glossWord('sabah', language)!) || out.includes(glossWord('sarawak', language)!)) {
    const east = glossWord('east_malaysia', language);
    return out.filter((w) => w !== east);
  }
  return out;
}

function isPlace(fact: string): boolean {
  const terms = termsOf(fact);
  return PLACE_CONCEPTS.some((c) => terms.has(c));
}

/** Concepts too general to say what a yes is about. */
const GENERIC_CONCEPTS = new Set(
  [
    'duration',
    'day',
    'week',
    'month',
    'year',
    'hour',
    'price',
    'order',
    'buy',
    'baby',
    'child',
    'website',
    'marketplace',
  ].map((c) => `~${c}`),
);

const CONDITIONAL = /\b(?:if|unless|jika|kalau|sekiranya|kecuali)\b|如果|若|除非/i;
/** A clause that allows something only in some cases. */
const RESTRICTED =
  /\b(?:only|except|provided|as long as|hanya|sahaja|saja|asalkan|selagi)\b|只|仅|除了|只要|只有/i;

const YES_NO =
  /\b(?:can|could|is|are|do|does|will|have|has|got)\b.*\?|\b(?:or not|boleh tak|tak\b|ke\s*\?|kah\b|ada tak|ke tak)\b|吗|可不可以|能不能|有没有|是不是|可以.*吗/;

function isYesNoQuestion(question: string): boolean {
  const q = normalizeText(question);
  if (
    /\b(?:how|what|which|when|where|why|berapa|brp|bila|mana|apa|camne|macam mana)\b|多少|几|什么|哪|怎么|多久/.test(
      q,
    )
  )
    return false;
  return YES_NO.test(q);
}

/**
 * The sentences quoted from another language: the best one and one answering another part of the
 * question, in the text's order.
 */
function quotable(choice: Choice): Scored[] {
  const { sentences, best } = choice;
  if (!best) return [sentences.find((s) => s.own > 0) ?? sentences[0]!];
  // Only a fact that carries over (a figure) is worth quoting twice.
  const extra = (choice.adding ?? []).find(
    (c) =>
      c.sentence.lang === best.sentence.lang &&
      (c.own > 0 || c.position === best.position + 1) &&
      figuresOf(c.sentence.text).length > 0,
  );
  return sentences.filter((s) => s === best || s === extra);
}

export interface OfflineComposeInput {
  index: ShopIndex;
  retrieval: Retrieval;
  language: Lang;
  maxChars?: number;
  /** Only passages this accepts are used (e.g. nothing about another product than the carried one). */
  allowed?: (p: Passage) => boolean;
}

export function composeOffline({
  index,
  retrieval,
  language,
  maxChars = DEFAULT_MAX_CHARS,
  allowed,
}: OfflineComposeInput): Composition {
  const choice = choose(index, retrieval, language, allowed);
  if (!choice) return { text: '', usedKeys: [], crossLingual: false };
  const { sentences, list } = choice;
  const usedKeys = [...new Set(sentences.map((s) => s.passage.key))];
  const max = list ? Math.max(maxChars, LIST_MAX_CHARS) : maxChars;
  const factLang = sentences[0]!.sentence.lang;
  if (factLang === language) return { text: render(sentences, language, max), usedKeys, crossLingual: false };

  // Another language: a templated opening, then a quote of only the sentence(s) holding the fact.
  const quoted = list ? sentences.slice(0, MAX_LIST_ITEMS + 1) : quotable(choice);
  const opening = templatedFact(
    quoted.map((q) => q.sentence),
    language,
    retrieval.query,
  );
  const quote = render(quoted, factLang, Math.max(120, max - opening.length - 4));
  return { text: `${opening} “${quote}”`, usedKeys, crossLingual: true };
}
