import { analysedText } from './analysed-text.ts';
import { isFunctionWord } from './language.ts';
import { analyze, CONCEPT_PREFIX, isConcept, lexiconConcept } from './tokenize.ts';
import type { Lang } from './types.ts';

// Simple facts carried across languages without a translator: time spans ("1至3个工作天" ->
// "1 to 3 working days"), frequencies ("每3个月" -> "setiap 3 bulan"), prices and percentages,
// Chinese discount rates ("八五折" -> "15% off"), weekdays, clock times, codes and names (kept as
// written), and the lexicon's words for what a clause is about (its gloss). The offline composer
// opens a reply with these in the shopper's language when the only passage holding the fact is
// written in another language.

type Unit = 'minute' | 'hour' | 'day' | 'working_day' | 'week' | 'month' | 'year';

const UNIT_WORDS: [RegExp, Unit][] = [
  [
    /^(?:working days?|business days?|hari bekerja|hari kerja|hari berkerja|个?工作天|个?工作日)$/i,
    'working_day',
  ],
  [/^(?:minutes?|mins?|minit|分钟)$/i, 'minute'],
  [/^(?:hours?|hrs?|jam|小时|个小时)$/i, 'hour'],
  [/^(?:days?|hari|天)$/i, 'day'],
  [/^(?:weeks?|minggu|个?星期|个?礼拜|周)$/i, 'week'],
  [/^(?:months?|bulan|个月)$/i, 'month'],
  [/^(?:years?|tahun|年)$/i, 'year'],
];

const UNIT_TEXT: Record<Lang, Record<Unit, [string, string]>> = {
  en: {
    minute: ['minute', 'minutes'],
    hour: ['hour', 'hours'],
    day: ['day', 'days'],
    working_day: ['working day', 'working days'],
    week: ['week', 'weeks'],
    month: ['month', 'months'],
    year: ['year', 'years'],
  },
  ms: {
    minute: ['minit', 'minit'],
    hour: ['jam', 'jam'],
    day: ['hari', 'hari'],
    working_day: ['hari bekerja', 'hari bekerja'],
    week: ['minggu', 'minggu'],
    month: ['bulan', 'bulan'],
    year: ['tahun', 'tahun'],
  },
  zh: {
    minute: ['分钟', '分钟'],
    hour: ['小时', '小时'],
    day: ['天', '天'],
    working_day: ['个工作天', '个工作天'],
    week: ['个星期', '个星期'],
    month: ['个月', '个月'],
    year: ['年', '年'],
  },
};

const NUM = String.raw`\d+(?:[.,]\d+)?`;
const RANGE_SEP = String.raw`\s*(?:-|–|~|to|until|hingga|sehingga|ke|至|到)\s*`;
const UNIT_RE =
  'working days?|business days?|hari bekerja|hari kerja|minutes?|mins?|minit|hours?|hrs?|jam|days?|hari|weeks?|minggu|months?|bulan|years?|tahun|个?工作天|个?工作日|分钟|个?小时|天|个?星期|个?礼拜|周|个月|年';
const DURATION = new RegExp(
  String.raw`(每\s*|(?:every|setiap|tiap)\s+)?(${NUM})(?:${RANGE_SEP}(${NUM}))?\s*-?\s*(?:more\s+|lagi\s+)?(${UNIT_RE})(?![a-z])`,
  'giu',
);

export interface Fact {
  /** Position in the sentence, to keep facts in the order they were written. */
  at: number;
  /** The fact in a language: a time span, price, code... */
  say(lang: Lang): string;
}

function duration(m: RegExpMatchArray): Fact | undefined {
  const unit = UNIT_WORDS.find(([re]) => re.test(m[4]!.trim()))?.[1];
  if (!unit) return undefined;
  // A lone "年" after a number is a year of the calendar ("2016年"), not a span.
  if (unit === 'year' && Number(m[2]) > 100) return undefined;
  const every = m[1] !== undefined;
  const lo = m[2]!;
  const hi = m[3];
  return {
    at: m.index ?? 0,
    say(lang) {
      const plural = hi !== undefined || Number(lo) !== 1;
      const word = UNIT_TEXT[lang][unit][plural ? 1 : 0];
      if (lang === 'zh') {
        const zhWord = unit === 'day' && every ? '天' : word;
        return `${every ? '每' : ''}${hi ? `${lo}至${hi}` : lo}${zhWord}`;
      }
      const span = hi ? `${lo} ${lang === 'ms' ? 'hingga' : 'to'} ${hi}` : lo;
      const prefix = every ? (lang === 'ms' ? 'setiap ' : 'every ') : '';
      return `${prefix}${span} ${word}`;
    },
  };
}

const ZH_DIGIT: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** "九折" (pay 90%) -> 10, "八五折" -> 15, "7折" -> 30. */
function discountFromZhe(text: string): number | undefined {
  const digits = [...text].map((c) => ZH_DIGIT[c] ?? (/\d/.test(c) ? Number(c) : undefined));
  if (digits.some((d) => d === undefined) || digits.length === 0 || digits.length > 2) return undefined;
  const pay = digits.length === 1 ? digits[0]! * 10 : digits[0]! * 10 + digits[1]!;
  return pay > 0 && pay < 100 ? 100 - pay : undefined;
}

const PERCENT_OFF: Record<Lang, (n: number) => string> = {
  en: (n) => `${n}% off`,
  ms: (n) => `diskaun ${n}%`,
  zh: (n) => `${n}%折扣`,
};

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY_WORDS: { re: RegExp; day: string }[] = WEEKDAYS.map((day) => {
  const c = lexiconConcept(day)!;
  const words = [...c.en, ...c.ms].map((w) => `\\b${w}\\b`);
  return { re: new RegExp([...words, ...c.zh].join('|'), 'gi'), day };
});

function weekdayText(day: string, lang: Lang): string {
  const word = lexiconConcept(day)![lang][0]!;
  return lang === 'zh' ? word : word.charAt(0).toUpperCase() + word.slice(1);
}

// Codes, brands and place names: words with capitals or digits in them (COMEL10, R129, J&T Express,
// Pos Laju), written the same in every language.
const NAME =
  /\b(?:[A-Z][A-Za-z0-9&'-]*[A-Z0-9][A-Za-z0-9&'-]*|[A-Z][a-z]+)(?:[ ](?:[A-Z][A-Za-z0-9&'-]*))*\b/g;
const NAME_STOP = new Set(
  'The This That These Our We You Your If For To On In At Of And Or Please Sila Untuk Kami Anda Jika Kalau Dan Atau Pilih Semua Satu Tiada Selain Pesanan Website Each Every After Before Only When Change Replace Do Don Never Once Orders Returns Items Follow Viewers Toys New All Sealed Opened Some Parcels Instead Write Exchanges Stop Hand Check Wipe Wash Chill Machine Maximum Track Bank Baby Built Electric Strollers Car Cars Tubes Unpaid Website'.split(
    ' ',
  ),
);

function names(sentence: string, lang: Lang): Fact[] {
  const out: Fact[] = [];
  for (const m of sentence.matchAll(NAME)) {
    const words = m[0].split(' ');
    while (words.length && NAME_STOP.has(words[0]!)) words.shift();
    // The capital of a sentence's first word is no name ("Kod COMEL10" -> "COMEL10").
    const start = /(?:^|[.!?]\s*)$/.test(sentence.slice(0, m.index ?? 0));
    if (start && words.length > 1 && /^[A-Z][a-z]+$/.test(words[0]!) && isFunctionWord(words[0]!))
      words.shift();
    const name = words.join(' ');
    if (!name || (name.length < 3 && !/\d/.test(name))) continue;
    // A lone capitalised word opening a Latin sentence is no name.
    const at = (m.index ?? 0) + m[0].indexOf(name);
    const opening = lang !== 'zh' && /(?:^|[.!?:]\s*)$/.test(sentence.slice(0, at));
    if (opening && !/[A-Z].*[A-Z0-9]|\d/.test(name) && words.length === 1) continue;
    out.push({ at: (m.index ?? 0) + m[0].indexOf(name), say: () => name });
  }
  return out;
}

/** The facts a sentence states, in order of appearance (numbers outside these are left alone). */
export function factsOf(text: string, sourceLang: Lang): Fact[] {
  const sentence = analysedText(text);
  const facts: Fact[] = [];
  const taken: [number, number][] = [];
  const free = (start: number, end: number) => taken.every(([s, e]) => end <= s || start >= e);
  const take = (m: RegExpMatchArray, fact: Fact | undefined) => {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    if (!fact || !free(start, end)) return;
    taken.push([start, end]);
    facts.push(fact);
  };
  for (const m of sentence.matchAll(
    /(?:RM|\$|USD|MYR)\s?\d+(?:[.,]\d+)*(?:\s?(?:-|–|to|hingga|至)\s?(?:RM)?\d+(?:[.,]\d+)*)?/gi,
  ))
    take(m, { at: m.index ?? 0, say: () => m[0] });
  for (const m of sentence.matchAll(/(?<!\d)\d+(?:\.\d+)?\s?%/g))
    take(m, { at: m.index ?? 0, say: () => m[0].replace(/\s/, '') });
  for (const m of sentence.matchAll(/(?:打)?([一二两三四五六七八九\d]{1,2})折/g)) {
    const off = discountFromZhe(m[1]!);
    if (off !== undefined) take(m, { at: m.index ?? 0, say: (lang) => PERCENT_OFF[lang](off) });
  }
  for (const m of sentence.matchAll(DURATION)) take(m, duration(m));
  for (const m of sentence.matchAll(/\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b/gi))
    take(m, { at: m.index ?? 0, say: () => m[0] });
  for (const { re, day } of WEEKDAY_WORDS) {
    for (const m of sentence.matchAll(re))
      take(m, { at: m.index ?? 0, say: (lang) => weekdayText(day, lang) });
  }
  // Measurements, ranges included; Chinese units written as the international ones ("3.5至20公斤" -> "3.5-20kg").
  for (const m of sentence.matchAll(
    /(?<!\d)(\d+(?:[.,]\d+)?)(?:\s?(?:-|–|至|到|hingga|to)\s?(\d+(?:[.,]\d+)?))?\s?(kg|g|cm|mm|ml|°C|mAh|公斤|千克|厘米|公分|毫升)(?![a-z])/gi,
  )) {
    const unit =
      ({ 公斤: 'kg', 千克: 'kg', 厘米: 'cm', 公分: 'cm', 毫升: 'ml' } as Record<string, string>)[m[3]!] ??
      m[3]!;
    take(m, { at: m.index ?? 0, say: () => `${m[1]}${m[2] ? `-${m[2]}` : ''}${unit}` });
  }
  for (const f of names(sentence, sourceLang)) {
    const text = f.say('en');
    const end = f.at + text.length;
    if (free(f.at, end)) {
      taken.push([f.at, end]);
      facts.push(f);
    }
  }
  return facts.sort((a, b) => a.at - b.at);
}

// Concepts that name what a clause is about (a place, a product, a document), as opposed to the
// question's frame (time, price, frequency) or everyday verbs that would read as noise in a list.
const NO_GLOSS = new Set([
  'duration',
  'day',
  'working_day',
  'week',
  'month',
  'year',
  'hour',
  'frequency',
  'price',
  'location',
  'ship',
  'arrive',
  'order',
  'change',
  'pay',
  'buy',
  'baby',
  'child',
  'water',
  'deadline',
  'bundle',
  'fee',
  'problem',
  'report',
  'age',
  'replace',
  'marketplace',
  'destination',
  'today',
  'tomorrow',
  'yesterday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'contact',
  'bonus',
  'temperature',
  'size',
  'height',
  'weight',
]);

/** Concepts that are names of places: capitalised in English and Malay. */
const PROPER = new Set(['east_malaysia', 'west_malaysia', 'sabah', 'sarawak']);

/** The lexicon's word for a concept in a language (places capitalised). */
/** A lexicon entry worded as a question ("how many in a set", "几件") names nothing in a reply. */
const QUESTION_FORM: Record<Lang, RegExp> = {
  en: /^(how|what|when|where|which|who|why)\b/i,
  ms: /^(berapa|apa|bila|macam mana|bagaimana)\b/i,
  zh: /几|多少|吗|什么|怎么|哪|呢/,
};

export function glossWord(id: string, lang: Lang): string | undefined {
  const words = lexiconConcept(id)?.[lang] ?? [];
  const word = words.find((w) => !QUESTION_FORM[lang].test(w)) ?? words[0];
  if (!word || lang === 'zh' || !PROPER.has(id)) return word;
  return word.replace(/\b[a-z]/g, (c) => c.toUpperCase());
}

/**
 * Money that is "returned" is refunded: "款项…会自动退回", "the amount is returned to your card".
 * Read as goods sent back, such a sentence's gloss would tell the shopper to return something. A
 * sentence that names the refund itself ("退货…退款") keeps both.
 */
const MONEY = /款|钱|\b(?:money|amount|payment|charged|deducted|wang|duit|bayaran)\b/i;

/** The lexicon's words, in `lang`, for what a text is about (of the concepts `asked` accepts). */
export function glossOf(
  text: string,
  lang: Lang,
  limit = 4,
  asked: (concept: string) => boolean = () => true,
): string[] {
  const a = analyze(text);
  const out: string[] = [];
  const seen = new Set<string>();
  let concepts = [...new Set([...a.lexical.values()].flatMap((s) => [...s]))];
  for (const term of a.terms.keys()) if (isConcept(term) && !concepts.includes(term)) concepts.push(term);
  const [returned, refunded] = [`${CONCEPT_PREFIX}return`, `${CONCEPT_PREFIX}refund`];
  if (concepts.includes(returned) && !concepts.includes(refunded) && MONEY.test(text)) {
    concepts = [...new Set(concepts.map((c) => (c === returned ? refunded : c)))];
  }
  for (const concept of concepts) {
    const id = concept.slice(1);
    if (NO_GLOSS.has(id) || !asked(concept)) continue;
    const word = glossWord(id, lang);
    if (!word || seen.has(word)) continue;
    // A broader word already listed covers a narrower one, and the other way round.
    if ([...seen].some((w) => w.includes(word) || word.includes(w))) continue;
    seen.add(word);
    out.push(word);
    if (out.length >= limit) break;
  }
  return out;
}

const NEGATION: Record<Lang, RegExp> = {
  en: /\b(?:not|no|cannot|can't|don't|do not|never|won't|isn't|aren't)\b/i,
  ms: /\b(?:tidak|tak|tiada|takde|bukan|jangan|belum)\b/i,
  zh: /不|没有|无法|勿|别/,
};

/** Whether a sentence denies something ("cannot be returned", "tiada COD", "不能退"). */
export function isNegative(sentence: string, lang: Lang): boolean {
  return NEGATION[lang].test(sentence);
}
