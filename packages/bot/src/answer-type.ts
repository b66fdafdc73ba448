// What kind of answer a question asks for, from the closed class of question words in English, Malay
// and Chinese ("how much", "berapa lama", "几点"), and whether a passage can give that kind of answer
// (a price, a span of time, a clock time, a number). A passage that cannot answer "how long" with a
// span of time is a poor answer to it however many words it shares with the question.
// Every pattern here is a question word, a unit, a currency or a clock/calendar form: closed,
// shop-independent classes (issue 25), none taken from an evaluation question. All are linear.

export type AnswerType = 'price' | 'span' | 'clock' | 'when' | 'count' | 'place';

// Malay chat spellings of "berapa" (how much / how many).
const BERAPA = '(?:berapa|brp|brape|brapa|bape|bpe)';
const TIME_UNIT_MS = '(?:hari|minggu|jam|minit|bulan|tahun|hb)';
const TIME_UNIT_EN =
  '(?:days?|weeks?|hours?|hrs?|minutes?|mins?|months?|years?|working days?|business days?)';

const ASKS: [AnswerType, RegExp][] = [
  [
    'price',
    new RegExp(
      [
        String.raw`\bhow much\b(?!\s+(?:${TIME_UNIT_EN}|time|longer)\b)`,
        String.raw`\b(?:prices?|costs?|charges?|fees?)\b`,
        String.raw`\b(?:harga|kos|caj|bayaran|yuran|tambang)\b`,
        String.raw`\b${BERAPA}\s*(?:ringgit|rm|duit|sen)\b`,
        // "set basic harga brp", "kalau L brp?": a bare "berapa" closing the question asks a price.
        // ("saiz brp?" asks a size: a measure word before it names what is counted.)
        String.raw`\b${BERAPA}(?<!\b(?:saiz|size|umur|tinggi|berat|ukuran|panjang|lebar|nombor|no|kali|pukul|jam|tahun|hari|bulan)\s{1,3}${BERAPA})(?:\s+(?:ya|ye|yer|eh|ah|ek|sis|bos|boss|tuan|puan))?\s*(?:[?？!.]|$)`,
        String.raw`多少钱|几多钱|几钱|价钱|价格|价位|费用|收费|多少费|[费价钱]\S{0,3}多少|多少\S{0,2}[费价]`,
      ].join('|'),
      'iu',
    ),
  ],
  [
    'span',
    new RegExp(
      [
        String.raw`\bhow long\b`,
        String.raw`\bhow many ${TIME_UNIT_EN}\b`,
        String.raw`\bhow soon\b`,
        String.raw`\b${BERAPA}\s+(?:lama|${TIME_UNIT_MS})\b`,
        String.raw`\blama\s+(?:mana|tak|x)\b`,
        '多久|多长时间|多少天|几天|几个?(?:星期|礼拜|月|小时|钟头|工作天|工作日)|几分钟',
      ].join('|'),
      'iu',
    ),
  ],
  [
    'clock',
    new RegExp(
      [
        String.raw`\bwhat time\b`,
        String.raw`\buntil what\b`,
        String.raw`\b(?:opening|operating|business) hours?\b`,
        String.raw`\bcut[- ]?off\b`,
        String.raw`\b(?:pukul|jam)\s+${BERAPA}\b`,
        String.raw`\bwaktu\s+(?:buka|operasi|perniagaan)\b`,
        '几点|营业时间|开到几|什么时间',
      ].join('|'),
      'iu',
    ),
  ],
  ['when', /\bwhen\b|\bbila\b|\bbilakah\b|什么时候|何时|哪天|哪一天/iu],
  [
    'place',
    /\bwhere\b|\b(?:kat|dekat|di)\s+mana\b|\bmana\s+(?:kedai|alamat|lokasi)\b|\balamat\b|\baddress\b|在哪|哪里|哪儿|地址/iu,
  ],
  [
    'count',
    new RegExp(
      [
        String.raw`\bhow many\b`,
        String.raw`\bhow much\s+(?!${TIME_UNIT_EN}\b)[a-z]+`,
        String.raw`\b${BERAPA}\s+(?!lama\b|${TIME_UNIT_MS}\b|ringgit\b|rm\b|harga\b)[a-z]+`,
        '几(?![点天])[个件片张只条支瓶盒包粒颗次位套本双罐筒箱]|多少(?!钱)',
      ].join('|'),
      'iu',
    ),
  ],
];

/** The kinds of answer a question asks for (none for a yes/no or an open question). */
export function askedTypes(question: string): Set<AnswerType> {
  const types = new Set<AnswerType>();
  for (const [type, pattern] of ASKS) if (pattern.test(question)) types.add(type);
  // "how much is the water filter" asks a price, not a count; "how many days" a span.
  if (types.has('price') || types.has('span')) types.delete('count');
  return types;
}

// A price, or a charge or discount put as a share ("10% of the order value").
const CURRENCY =
  /\d\s?%|\bRM\s?\d|\d\s?(?:ringgit|sen)\b|\bMYR\s?\d|令吉|马币|\$\s?\d|\d\s*(?:元|块钱)|\b(?:free|percuma|waived)\b|免费|不收|[\d一二三四五六七八九]\s*折/iu;
const SPAN = new RegExp(
  [
    String.raw`(?<![\d.,])\d+(?:[.,]\d+)?\s*-?\s*(?:${TIME_UNIT_EN}|${TIME_UNIT_MS}|hari bekerja|hari kerja)(?![a-z])`,
    String.raw`(?<![\d一二两三四五六七八九十])[\d一二两三四五六七八九十]+\s*(?:个?工作[天日]|天|个?星期|个?礼拜|周|个月|年|个?小时|分钟)`,
    String.raw`\b(?:same|next)[- ]day\b|\bhari yang sama\b|\bhari (?:ini|esok)\b|\bkeesokan\b|当天|当日|隔天|次日|第二天`,
  ].join('|'),
  'iu',
);
const CLOCK = new RegExp(
  [
    String.raw`\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)`,
    String.raw`\b(?:pukul|jam)\s*\d{1,2}`,
    String.raw`\b\d{1,2}(?:[:.]\d{2})?\s*(?:pagi|petang|tengah hari|tengahari|malam)\b`,
    String.raw`\b\d{1,2}:\d{2}\b`,
    String.raw`(?:上午|下午|早上|晚上|中午|凌晨)\s*[\d一二两三四五六七八九十]+\s*[点:：]|\d{1,2}\s*点`,
    String.raw`\bnoon\b|\bmidnight\b|\btengah malam\b`,
  ].join('|'),
  'iu',
);
const WEEKDAY =
  /\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?\b|\b(?:isnin|selasa|rabu|khamis|jumaat|sabtu|ahad|cuti umum|public holidays?)\b|星期[一二三四五六日天]|周[一二三四五六日末]|礼拜[一二三四五六日天]|公共假期|\d{1,2}\s*(?:jan|feb|mac|mar|apr|mei|may|jun|jul|ogo|aug|sep|okt|oct|nov|dis|dec)[a-z]*\b|\d{1,2}月\d{1,2}[日号]/iu;
// An address: a street, a building, a postcode (five digits in Malaysia), in any of the three languages.
const ADDRESS =
  /\b(?:jalan|jln|lorong|persiaran|lebuh|taman|lot|no\.|level|aras|tingkat|block|blok|street|road|avenue)\s|\b\d{5}\s+[A-Z][a-z]+|[路街巷]\d|\d+号|大厦|广场/u;
const NUMBER =
  /\d|[一二两三四五六七八九十百千]|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|satu|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan|sepuluh)\b/iu;

/** The kinds of answer a text can give. */
export function answerTypesOf(text: string, hasPrice = false): Set<AnswerType> {
  const types = new Set<AnswerType>();
  if (hasPrice || CURRENCY.test(text)) types.add('price');
  const span = SPAN.test(text);
  const clock = CLOCK.test(text);
  if (span) types.add('span');
  if (clock) types.add('clock');
  if (span || clock || WEEKDAY.test(text)) types.add('when');
  if (NUMBER.test(text)) types.add('count');
  if (ADDRESS.test(text)) types.add('place');
  return types;
}

/** The kinds that are figures a reply must hold (a place may be said without an address: "from Shah Alam"). */
export function figureKinds(asked: Set<AnswerType>): Set<AnswerType> {
  return new Set([...asked].filter((t) => t !== 'place'));
}

/** Whether a text can answer a question asking for `asked` (any one of the kinds). */
export function answersType(asked: Set<AnswerType>, offered: Set<AnswerType>): boolean {
  for (const t of asked) if (offered.has(t)) return true;
  return false;
}
