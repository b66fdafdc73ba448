import { analysedText } from './analysed-text.ts';
import { askedTypes } from './answer-type.ts';
import { editDistance } from './spelling.ts';
import { expandChatSpellings, normalizeText, segment } from './tokenize.ts';
import type { Handover, HandoverReason, OrderQuestion, OrderQuestionKind } from './types.ts';

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
  outOfScope?: { reason: OutOfScopeReason; score: number };
  /** An order question, answered or not. */
  order?: OrderQuestion;
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
  /(?:有没有|有|找|叫|要|给我|跟|和)\s*(?:staff|admin|agent|human|真人|人工|客服人员|店主|老板|manager|boss)\s*(?:吗|在|可以|讲|说|聊|回|吧|呢|\?|？|$)|真人|人工(?:客服|服务)?|转接|转人工|客服人员|(?:找|叫|要|请)(?:你们的?)?(?:老板|经理|负责人|主管|店主|老细)|(?:跟|和|同|与)(?:真人|人|你们老板|老板|经理|负责人)(?:讲|说|谈|聊|沟通)|打(?:电话)?给我|回电|(?:不要|不是)机器人/;

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

/** A reason the bot cannot answer whatever the shop has written. */
export type OutOfScopeReason = Exclude<HandoverReason, 'asked_for_human' | 'angry' | 'low_confidence'>;

const OUT_OF_SCOPE: { reason: OutOfScopeReason; pattern: RegExp }[] = [
  {
    reason: 'medical',
    pattern:
      /\b(?:medicine|medicines|medication|ointment|prescription|dosage|dose|doctor|paediatrician|pediatrician|rash|rashes|fever|vomit(?:ing)?|diarrh(?:o)?ea|eczema|infection|allergic reaction|ubat|demam|ruam|muntah|cirit|doktor|klinik|vaksin|bengkak)\b|药|红疹|起疹|湿疹|发烧|发炎|医生|呕吐|拉肚子|过敏反应|疫苗/,
  },
  {
    reason: 'negotiation',
    pattern:
      /\b(?:price ?match|match (?:the |their |that |other )?price|negotiat\w*|nego|bargain|cheaper (?:elsewhere|at|in|than|from)|last price|harga last|tawar(?:-| )?menawar|kurangkan harga|kurang sikit)\b|match价|讲价|议价|还价|价钱我不满意|价格我不满意|算便宜一?点|便宜一?点给我/,
  },
  {
    reason: 'platform_decision',
    pattern:
      /\b(?:will|would|is|are|does)\s+(?:shopee|lazada)\b|\b(?:shopee|lazada)\s+(?:will|gonna|going to)\b|\bbila\s+(?:shopee|lazada)\s+(?:nak|akan|mahu)\b|\b(?:shopee|lazada)\s+(?:nak|akan)\s+(?:bagi|buat|beri|ada)\b|(?:shopee|lazada)\s*(?:会不会|会|将会|什么时候会)/,
  },
  {
    // What a price or the stock will be later: nobody can promise it from the shop's texts.
    reason: 'future_price',
    pattern:
      /\b(?:will|gonna|going to|would)\s+(?:the\s+)?(?:price|prices|it|this|they)\s+(?:\w+\s+)?(?:drop|go down|come down|be cheaper|get cheaper|increase|go up|be reduced|be discounted|on sale)\b|\b(?:price|prices)\s+(?:drop|down|increase)\s+(?:next|soon|later|during|in)\b|\bcheaper\s+(?:next|later|soon|during|on|at)\b|\bharga\s+(?:\w+\s+){0,2}(?:akan\s+)?(?:turun|naik|murah)\s+(?:\w+\s+)?(?:tak|ke|x|bila|nanti|bulan depan|minggu depan)\b|\b(?:bulan depan|minggu depan|nanti)\s+(?:\w+\s+)?(?:harga\s+)?(?:turun|murah)\b|(?:会不会|会|将会|什么时候)(?:降价|涨价|便宜|打折)|(?:下个?月|下个?星期|下周|以后)(?:会)?(?:降价|涨价|便宜|有货)/,
  },
  {
    // One shopper's account or payment: the bot cannot see it.
    reason: 'account',
    pattern:
      /\b(?:you|u|pls|please)\s+(?:pls\s+|please\s+)?(?:help\s+(?:me\s+)?)?(?:check|look up|lookup|verify|confirm)\s+(?:if|whether|my|her|his|on my|the status of my)\b|\btolong\s+(?:check|cek|semak|tengok|tgk|periksa)\b|\b(?:dah|sudah)\s+\w+\s+(?:ke|atau)\s+belum\b|(?:帮我|帮忙|麻烦你?|你帮我|请你?)(?:查|确认|check)|查一下|查查|\b(?:my|her|his)\s+account\s+(?:\w+\s+)?(?:is\s+|was\s+|got\s+|kena\s+)?(?:suspended|block|blocked|ban|banned|hacked|lock|locked|frozen|disabled|deactivated)\b|\bakaun\s+(?:saya|sy|aku)\s+(?:\w+\s+)?(?:kena\s+)?(?:block|ban|gantung|digantung|disekat|dikunci|hack|kena hack)\b|(?:账号|账户|户口)(?:被|给)(?:封|锁|冻结|盗|停用)/,
  },
];

// --- order questions -------------------------------------------------------------------------------

const ORDER_NUMBER =
  /(?:order|purchase|pesanan|tempahan|订单|单号|no\.?|number|#)\s*(?:no\.?|number|id|#|号|:|：)?\s*([0-9][0-9A-Z-]{5,}|[A-Z]{0,4}[0-9]{6,}[A-Z0-9]*)\b|(?:order|pesanan|订单)\s*(?:no\.?|number|#|号)\s*(\d{4,5})\b/i;
const BARE_ORDER_NUMBER = /\b(\d{6,}[A-Z]{2,4}|\d{2}[0-9A-Z]{8,})\b/;

const ORDER_KINDS: { kind: OrderQuestionKind; pattern: RegExp }[] = [
  {
    kind: 'change_address',
    pattern:
      /\b(?:change|update|edit|correct|wrong)\s+(?:the\s+|my\s+)?(?:delivery\s+|shipping\s+)?address\b|\btukar\s+alamat\b|\balamat\s+salah\b|改地址|更改地址|换地址|地址写错/,
  },
  {
    kind: 'cancel',
    pattern: /\bcancel\w*\b|\bbatal\w*\b|\bbatalkan\b|取消/,
  },
  {
    kind: 'refund',
    pattern: /\brefund\w*\b|\bmoney back\b|\bbayaran balik\b|\bduit balik\b|退款|退钱/,
  },
  {
    kind: 'tracking',
    pattern: /\btracking\b|\btrack\b|\bjejak\b|追踪|物流|查件|运单/,
  },
  {
    kind: 'ships_when',
    pattern:
      /\b(?:when|bila|bile|bilakah)\b.{0,30}\b(?:ship|shipped|send|sent|dispatch\w*|post|pos|hantar|poskan|keluar|arrive|reach|sampai|tiba)\b|\b(?:has|have|was|is)\s+(?:\w+\s+)?(?:been\s+)?(?:shipped|dispatched|posted|sent out)\b|\b(?:shipped|sent out|dispatched|posted)\s+(?:it\s+)?(?:yet|already)\b|\bhas\s+(?:it|my order|the order)\s+(?:been\s+)?(?:shipped|sent|dispatched|posted)\b|\b(?:dah|sudah|udah)\s+(?:pos|hantar|ship|send|poskan)\s+(?:ke\s+|atau\s+)?belum\b|什么时候(?:发货|寄出|寄|出货)|几时(?:发货|寄)|(?:发货|寄出|出货)了(?:吗|没有?)|(?:有没有|还没)(?:发货|寄出)/,
  },
  {
    kind: 'where',
    pattern:
      /\bwhere\s+(?:is|are|'s)\b|\bwhere'?s\b|\b(?:kat|dekat|di)\s+mana\b|\bmana\s+(?:barang|parcel|order)\b|在哪|到哪/,
  },
  {
    kind: 'status',
    pattern:
      /\bstatus\b|\b(?:not|never|still not|haven'?t|have not|didn'?t)\s+(?:yet\s+)?(?:receive|received|arrive|arrived|get|got)\b|\b(?:belum|tak|tidak|x)\s+(?:sampai|terima|dapat)\b|还没(?:收到|到)|没(?:有)?收到|到了没|(?:paid|bayar|付款|付了)/,
  },
];

// "My order", "order saya", "我的订单": the shopper's own order, not orders in general.
const OWN_ORDER =
  /\b(?:my|our)\s+(?:\w+\s+)?(?:order|orders|parcel|package|purchase|item|items|stuff|delivery|shipment|barang)\b|\b(?:order|pesanan|parcel|barang|bungkusan|tempahan)\s+(?:saya|sy|aku|i|kami)\b|我的(?:订单|包裹|货|东西)|我(?:买|订|下单)的/;
// Asking how to do it oneself, or what to do about a problem the shop has a policy for.
const HOW_TO =
  /\b(?:how\s+(?:do|can|could|should|to)|where\s+(?:can|do|could|to)\s+i|where\s+to|what\s+(?:should|do)\s+i|what now|how long|macam\s*mana|camne|cemana|bagaimana|cara|apa perlu|怎么|如何|怎样|多久)\b|怎么办|怎么查|如何查/;
// A time of the shopper's own ("paid yesterday", "ordered 3 days ago", "semalam"): about their order.
const OWN_TIME =
  /\b(?:yesterday|last (?:week|night)|\d+\s+(?:days?|weeks?)\s+(?:ago|already)|this morning|semalam|kelmarin|minggu lepas|pagi tadi|tadi|(?:dah|sudah|already)\s+\d+\s+(?:hari|minggu|bulan|days?|weeks?))\b|昨天|前天|上个?星期|上周|今天早上|已经\s*[\d一二两三四五六七八九十]+\s*(?:天|个?星期|个?礼拜|周)/;
// Problems the shop's texts answer (tracking stuck, shown as delivered): the bot can explain them.
const POLICY_PROBLEM =
  /\b(?:not updated|not moving|stuck|no update|says delivered|shown as delivered|delivered but|tak gerak|tidak bergerak|tak berubah)\b|没有更新|没更新|不动|已送达|显示送达/;

/**
 * An order question: what it asks about and the order number it names. Pure, so the server can
 * answer it from the platform (order lookup) instead of handing over.
 */
export function classifyOrderQuestion(text: string): OrderQuestion | undefined {
  const lower = normalizeText(text);
  // A short number counts only right after "order no" (a website's own order numbers).
  const labelled = ORDER_NUMBER.exec(text);
  const number = labelled?.[1] ?? labelled?.[2] ?? BARE_ORDER_NUMBER.exec(text)?.[1];
  const ordered =
    number !== undefined || OWN_ORDER.test(lower) || /\b(?:order|pesanan)\b|订单|包裹/.test(lower);
  if (!ordered) return undefined;
  const kind = ORDER_KINDS.find((k) => k.pattern.test(lower))?.kind;
  if (!kind) return undefined;
  return { kind, ...(number ? { orderNumber: number.toUpperCase() } : {}) };
}

/** An order question only the order itself answers: where is it, has it shipped, its status. */
export function needsOrderLookup(text: string, question: OrderQuestion | undefined): boolean {
  if (!question || !['status', 'where', 'ships_when', 'tracking'].includes(question.kind)) return false;
  const lower = normalizeText(text);
  if (HOW_TO.test(lower) || POLICY_PROBLEM.test(lower)) return false;
  const own = OWN_ORDER.test(lower) || OWN_TIME.test(lower);
  if (question.kind === 'ships_when' || question.kind === 'where')
    return own || (question.orderNumber !== undefined && OWN_TIME.test(lower));
  return own && (OWN_TIME.test(lower) || question.orderNumber !== undefined);
}

export function outOfScope(text: string): { reason: OutOfScopeReason; score: number } | undefined {
  const lower = normalizeText(text);
  for (const { reason, pattern } of OUT_OF_SCOPE) {
    if (!pattern.test(lower)) continue;
    // "Can you check my order": an order question, which an order lookup may answer.
    if (reason === 'account' && classifyOrderQuestion(text)) return { reason: 'order_status', score: 0.8 };
    return { reason, score: 0.8 };
  }
  return undefined;
}

// --- a problem with the shopper's own order or payment ------------------------------------------------

// What went wrong: goods damaged or wrong, a parcel never received, money taken but not matched.
// Words of the closed class of delivery and payment faults, in each language.
const ORDER_FAULT =
  /\b(?:damaged|broken|broke|cracked|leak(?:ed|ing|s)?|shattered|defective|faulty|not working|wrong item|wrong colou?r|wrong size|missing|pecah|rosak|retak|bocor|koyak|remuk|kemek|tak berfungsi|salah barang|barang salah|tak lengkap|tak cukup|never received|not received|didn'?t receive|did not receive|haven'?t received|never got|tak terima|belum terima|tidak terima|tak sampai|belum sampai|deducted|charged twice|double charged|still (?:shows? |says )?unpaid|masih unpaid|ditolak|tolak dua kali|belum dapat refund|refund (?:not|belum|tak) (?:received|masuk|dapat))\b|破了|破损|坏了|裂了|裂开|漏了|寄错|发错|少了|缺件|没收到|没有收到|扣了两次|重复扣款|被扣|退款还没/;
// Whose: the shopper's own goods, order or payment, or something they did ("I received", "sy dah bayar").
const OWN_ACT =
  /\b(?:i|saya|aku|we|kami)\s+(?:\w+\s+)?(?:received|receive|got|bought|ordered|paid|terima|beli|order|bayar|dapat)\b|\b(?:received|got)\s+(?:my|the)\b|我(?:收到|买|订|付|的)|收到的|付款的时候/;
// "If the item arrives damaged, ...": a question about the policy, not a report.
const HYPOTHETICAL = /\b(?:if|kalau|jika|sekiranya|what happens|apa jadi)\b|如果|要是|万一/;

/**
 * A shopper reporting a fault with their own order or payment ("my toner bottle arrived cracked",
 * "dah bayar tapi masih unpaid", "付款的时候被扣了两次钱"): a person must look at that order, whatever
 * the shop's policy says. A question about the policy ("if it arrives damaged…") is not one.
 */
export function reportsOrderProblem(text: string): boolean {
  const lower = expandChatSpellings(normalizeText(text));
  if (!ORDER_FAULT.test(lower)) return false;
  const numbered = ORDER_NUMBER.test(text) || BARE_ORDER_NUMBER.test(text);
  // "…, within how many days must I tell you?": asking the policy for it, not reporting one order.
  if (!numbered && (HYPOTHETICAL.test(lower) || askedTypes(lower).size > 0)) return false;
  return numbered || OWN_ORDER.test(lower) || OWN_TIME.test(lower) || OWN_ACT.test(lower);
}

// --- restock ---------------------------------------------------------------------------------------

const RESTOCK =
  /\b(?:when|bila|bile)\b.{0,30}\b(?:restock|re-stock|back in stock|in stock again|stock again|ada stok|stok masuk|stock masuk|ada balik)\b|\b(?:restock|re-stock|stok masuk|stock masuk)\b.{0,20}\b(?:when|bila|bile)\b|\b(?:will|gonna)\s+(?:you|u|it|they)\s+(?:\w+\s+)?restock\b|\brestock\s+(?:tak|ke|x|or not)\b|什么时候(?:补货|有货|到货)|几时(?:补货|有货)|(?:会|还会)(?:补货|再有货|有货)|补货吗/;

/** "When will it be back in stock?": the bot answers only where the shop states a restock time. */
export function asksRestock(text: string): boolean {
  return RESTOCK.test(normalizeText(text));
}

export function detectHandoverSignals(message: string): HandoverSignals {
  const text = analysedText(message);
  const signals: HandoverSignals = { askedForHuman: askedForHumanScore(text), anger: angerScore(text) };
  const order = classifyOrderQuestion(text);
  if (order) signals.order = order;
  const scope = outOfScope(text);
  if (scope) signals.outOfScope = scope;
  else if (reportsOrderProblem(text)) signals.outOfScope = { reason: 'order_problem', score: 0.8 };
  else if (needsOrderLookup(text, order)) signals.outOfScope = { reason: 'order_status', score: 0.8 };
  return signals;
}

/** The handover decision: a person asked for, an angry shopper, or no answer the bot can stand by. */
export function decideHandover(
  signals: HandoverSignals,
  confidence: number,
  minConfidence: number,
): Handover | null {
  if (signals.askedForHuman >= HANDOVER_THRESHOLD) return { reason: 'asked_for_human' };
  if (signals.anger >= HANDOVER_THRESHOLD) return { reason: 'angry' };
  if (signals.outOfScope) {
    const reason = signals.outOfScope.reason;
    if (reason === 'order_status') return { reason, ...(signals.order ? { order: signals.order } : {}) };
    return { reason };
  }
  if (confidence < minConfidence) return { reason: 'low_confidence', score: confidence };
  return null;
}
