import { editDistance } from './spelling.ts';
import { normalizeText, segment } from './tokenize.ts';
import type { Handover, OutOfScopeCause } from './types.ts';

// Handover signals, independent of retrieval:
// - an explicit request for a person (en / ms / zh), including a call-back request;
// - anger (insults, threats to report the shop, shouting, demands "NOW", long waits), scored so one
//   strong word ("awful") is not enough but an accusation plus a threat is;
// - questions the bot cannot answer whatever the shop has written: looking up one shopper's order or
//   payment, medical advice, price negotiation, and what a marketplace will do in the future.
// "Can I talk about sizes" asks for no one; "contact customer support" asks for contact details.

export interface HandoverSignals {
  /** 0..1 */
  askedForHuman: number;
  /** 0..1 */
  anger: number;
  outOfScope?: { cause: OutOfScopeCause; score: number };
}

export const HANDOVER_THRESHOLD = 0.6;

// --- asking for a person ---------------------------------------------------------------------------

const CONTACT_VERBS = [
  'talk',
  'speak',
  'chat',
  'contact',
  'connect',
  'transfer',
  'reach',
  'call',
  'ring',
  'phone',
  'cakap',
  'bercakap',
  'berbual',
  'bual',
  'sembang',
  'hubungi',
  'sambung',
  'sambungkan',
  'panggil',
  'jumpa',
];
const STRONG_PERSON = [
  'human',
  'agent',
  'operator',
  'representative',
  'rep',
  'staff',
  'admin',
  'manager',
  'supervisor',
  'boss',
  'bos',
  'owner',
  'manusia',
  'ejen',
  'wakil',
  'pekerja',
  'staf',
];
const WEAK_PERSON = [
  'person',
  'someone',
  'somebody',
  'anyone',
  'anybody',
  'people',
  'assistant',
  'orang',
  'seseorang',
  'sesiapa',
  'member',
];
const PERSON = new Set([...STRONG_PERSON, ...WEAK_PERSON]);
/** Real words that sit one edit away from a person word and must not be read as one. */
const NOT_PERSON = new Set(['assistance', 'assist', 'personal', 'assisting']);
const WANT = new Set([
  'want',
  'need',
  'get',
  'request',
  'prefer',
  'nak',
  'mahu',
  'minta',
  'perlukan',
  'give',
]);
const CHAT_WORDS: Record<string, string> = { u: 'you', ur: 'your', sy: 'saya', dgn: 'dengan', org: 'orang' };

const PERSON_PHRASES =
  /\b(?:live|real|actual|human|proper) (?:agent|person|human|people|staff|operator)\b|\bnot (?:a |an )?(?:bot|robot|machine)\b|\bbukan (?:bot|robot)\b|\b(?:staf|orang|admin) (?:sebenar|betul)\b/;
const CALLBACK = /\b(?:call|ring|phone|telefon|hubungi|contact|whatsapp) (?:me|saya|sy|aku)\b|\bcall ?back\b/;
const ZH_PERSON =
  /真人|人工(?:客服|服务)?|转接|转人工|客服人员|(?:找|叫|要|请)(?:你们的?)?(?:老板|经理|负责人|主管|店主|老细)|(?:跟|和|同|与)(?:真人|人|你们老板|老板|经理|负责人)(?:讲|说|谈|聊|沟通)|打(?:电话)?给我|回电|(?:不要|不是)机器人/;

function canonicalWord(word: string, vocabulary: string[]): string | undefined {
  if (NOT_PERSON.has(word)) return undefined;
  for (const v of vocabulary) if (word === v) return v;
  if (word.length < 5) return undefined;
  for (const v of vocabulary) if (v.length >= 5 && editDistance(word, v) === 1) return v;
  return undefined;
}

function isContactVerb(word: string): boolean {
  // Inflections and trailing typos: "talking", "talkk", "contacting", "chatting".
  return CONTACT_VERBS.some((v) => word.startsWith(v) && word.length <= v.length + 4);
}

function personWords(words: string[]): (string | undefined)[] {
  const vocabulary = [...PERSON];
  return words.map((w) => {
    const direct = canonicalWord(w, vocabulary);
    if (direct) return direct;
    // Run-together words: "tosomebody", "aperson".
    for (const p of PERSON) {
      if (p.length >= 6 && w.endsWith(p) && w.length - p.length <= 4) return p;
    }
    return undefined;
  });
}

export function askedForHumanScore(text: string): number {
  const lower = normalizeText(text);
  if (ZH_PERSON.test(lower)) return 0.9;
  const words: string[] = [];
  for (const seg of segment(lower))
    if (seg.kind === 'latin') words.push(...seg.words.map((w) => CHAT_WORDS[w] ?? w));
  const joined = words.join(' ');
  if (PERSON_PHRASES.test(joined)) return 0.9;
  if (CALLBACK.test(joined)) return 0.85;
  const persons = personWords(words);
  let score = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (isContactVerb(w) || WANT.has(w)) {
      for (let k = i + 1; k < Math.min(words.length, i + 6); k++) {
        const p = persons[k];
        if (!p) continue;
        if (isContactVerb(w)) score = Math.max(score, 0.9);
        else if (STRONG_PERSON.includes(p)) score = Math.max(score, 0.8);
      }
    }
  }
  return score;
}

// --- anger -----------------------------------------------------------------------------------------

interface Cue {
  pattern: RegExp;
  weight: number;
}

const ANGER_CUES: Cue[] = [
  // insults and accusations
  {
    pattern:
      /\b(?:scam|scams|scammers?|scamming|cheat(?:ers?|ing)?|frauds?|liars?|thie(?:f|ves)|rip-? ?off|useless|stupid|idiots?|rubbish|garbage|incompetent|pathetic|wtf|shit|crap|bloody|penipu|tipu|menipu|bodoh|bangang|kurang ajar|celaka|sial|hampeh)\b/,
    weight: 0.6,
  },
  { pattern: /骗子|骗人|诈骗|垃圾|废物|混蛋|笨蛋|白痴|坑人|他妈/, weight: 0.6 },
  // threats to report or shame the shop
  {
    pattern:
      /\b(?:kpdn|tribunal|police|polis|lawyer|sue|saman|legal action|viral|1 ?star|one star|bad review|never buy (?:again|from)|report (?:you|u|kat|ke)|lapor (?:kat|ke))\b/,
    weight: 0.5,
  },
  { pattern: /投诉你们|告你们|报警|律师|曝光|差评|一星/, weight: 0.5 },
  // strong dissatisfaction
  {
    pattern:
      /\b(?:worst|ridiculous|terrible|horrible|awful|unacceptable|disgusting|outrageous|fed up|sick of|nonsense|lousy|teruk|hampa|kecewa|melampau|tak guna|menyampah|geram|bengang|marah)\b/,
    weight: 0.4,
  },
  { pattern: /太差|很差|差劲|离谱|过分|气死|受不了|失望|烂透/, weight: 0.4 },
  // demands right now
  {
    pattern:
      /\b(?:refund|give|return|reply|answer|send|bagi|pulang|balas)\b[^.?!]{0,25}\b(?:now|immediately|asap|sekarang|segera)\b/,
    weight: 0.3,
  },
  { pattern: /(?:马上|立刻|立即|现在就)(?:退钱|退款|回复|处理|给我)/, weight: 0.3 },
  // neglect and long waits
  {
    pattern:
      /\b(?:nobody|no one|no body) (?:replied|reply|replies|answered|answers|responded)\b|\bno (?:reply|response)\b|\b(?:takde|tiada|tak ada|xde) (?:org|orang) (?:balas|reply|jawab)\b|\b(?:\d+|two|three|four|several|many) (?:weeks?|minggu) (?:already|dah|sudah)\b|\b(?:tunggu|waited|waiting) (?:for )?(?:\d+|two|three|dua|tiga) (?:weeks?|minggu|days|hari)\b/,
    weight: 0.3,
  },
  { pattern: /没人回|没有人回|都不回|等了.{0,4}(?:天|星期|个月|周|礼拜)/, weight: 0.3 },
  // punctuation
  { pattern: /[!！]{2,}|[?？][!！]|[!！][?？]/, weight: 0.3 },
];

const ABBREVIATIONS = new Set([
  'SIRIM',
  'LAZADA',
  'SHOPEE',
  'FPX',
  'COD',
  'PDF',
  'DHL',
  'GDEX',
  'USB',
  'LED',
  'ISOFIX',
]);

export function angerScore(text: string): number {
  const lower = normalizeText(text);
  let score = 0;
  for (const cue of ANGER_CUES) if (cue.pattern.test(lower)) score += cue.weight;
  const shouted = (text.match(/\b[A-Z]{4,}\b/g) ?? []).filter((w) => !ABBREVIATIONS.has(w));
  if (shouted.length >= 2 || (shouted.length === 1 && /\b(?:NOW|STOP|HELLO)\b/.test(text))) score += 0.3;
  else if (/\bNOW\b/.test(text)) score += 0.2;
  return Math.min(1, score);
}

// --- out of scope ----------------------------------------------------------------------------------

const OUT_OF_SCOPE: { cause: OutOfScopeCause; pattern: RegExp }[] = [
  {
    cause: 'medical',
    pattern:
      /\b(?:medicine|medicines|medication|ointment|prescription|dosage|dose|doctor|paediatrician|pediatrician|rash|rashes|fever|vomit(?:ing)?|diarrh(?:o)?ea|eczema|infection|allergic reaction|ubat|demam|ruam|muntah|cirit|doktor|klinik|vaksin|bengkak)\b|药|红疹|起疹|湿疹|发烧|发炎|医生|呕吐|拉肚子|过敏反应|疫苗/,
  },
  {
    cause: 'account_lookup',
    pattern:
      /\b(?:you|u|pls|please)\s+(?:pls\s+|please\s+)?(?:help\s+(?:me\s+)?)?(?:check|look up|lookup|verify|confirm)\s+(?:if|whether|my|her|his|on my|the status of my|order)\b|\btolong\s+(?:check|cek|semak|tengok|tgk|periksa)\b|\b(?:dah|sudah)\s+\w+\s+(?:ke|atau)\s+belum\b|(?:帮我|帮忙|麻烦你?|你帮我|请你?)(?:查|确认|check)|查一下|查查/,
  },
  {
    cause: 'negotiation',
    pattern:
      /\b(?:price ?match|match (?:the |their |that |other )?price|negotiat\w*|nego|bargain|cheaper (?:elsewhere|at|in|than|from)|last price|harga last|tawar(?:-| )?menawar|kurangkan harga|kurang sikit)\b|match价|讲价|议价|还价|价钱我不满意|价格我不满意|算便宜一?点|便宜一?点给我/,
  },
  {
    cause: 'platform_decision',
    pattern:
      /\b(?:will|would|is|are|does)\s+(?:shopee|lazada)\b|\b(?:shopee|lazada)\s+(?:will|gonna|going to)\b|\bbila\s+(?:shopee|lazada)\s+(?:nak|akan|mahu)\b|\b(?:shopee|lazada)\s+(?:nak|akan)\s+(?:bagi|buat|beri|ada)\b|(?:shopee|lazada)\s*(?:会不会|会|将会|什么时候会)/,
  },
];

export function outOfScope(text: string): { cause: OutOfScopeCause; score: number } | undefined {
  const lower = normalizeText(text);
  for (const { cause, pattern } of OUT_OF_SCOPE) if (pattern.test(lower)) return { cause, score: 0.8 };
  return undefined;
}

export function detectHandoverSignals(text: string): HandoverSignals {
  const signals: HandoverSignals = { askedForHuman: askedForHumanScore(text), anger: angerScore(text) };
  const scope = outOfScope(text);
  if (scope) signals.outOfScope = scope;
  return signals;
}

/** The handover decision: a person asked for, an angry shopper, or no answer the bot can stand by. */
export function decideHandover(
  signals: HandoverSignals,
  confidence: number,
  minConfidence: number,
): Handover | null {
  if (signals.askedForHuman >= HANDOVER_THRESHOLD)
    return { reason: 'asked_for_human', score: signals.askedForHuman };
  if (signals.anger >= HANDOVER_THRESHOLD) return { reason: 'angry', score: signals.anger };
  if (signals.outOfScope) {
    return {
      reason: 'low_confidence',
      score: Math.min(confidence, 1 - signals.outOfScope.score),
      cause: signals.outOfScope.cause,
    };
  }
  if (confidence < minConfidence) return { reason: 'low_confidence', score: confidence };
  return null;
}
