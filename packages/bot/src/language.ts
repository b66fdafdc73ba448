import { analysedText } from './analysed-text.ts';
import lexiconData from './data/lexicon.json' with { type: 'json' };
import type { Lang } from './types.ts';

// Language identification for short, informal shop chat: Chinese by script, Malay versus English by
// marker words (function words, chat spellings and common shop words) plus Malay affixes. Manglish
// particles (lah, ah, got) do not count for either side.

const HAN = /\p{Script=Han}/gu;
const LATIN_WORD = /[a-z]+/g;

const MALAY_MARKERS: Record<string, number> = weights(
  2,
  'nak tak boleh brp berapa bape kat sy saya dgn dengan utk untuk ni tu dah sudah camne macam mana korang ' +
    'kami kita anda awak apa tolong sikit barang beli harga sampai kena guna pakai masih lepas selepas ' +
    'sebelum kalau kalo sbb sebab je jer pun juga belum tunggu betul dlm dalam baru dapat dpt percuma caj ' +
    'saiz berat tinggi pompuan perempuan lelaki duit bayar terima rosak tukar pulang hantar cakap bukan ' +
    'manusia sambung semalam sekarang skrg isnin selasa rabu khamis jumaat sabtu ahad yang yg ini itu ' +
    'dari daripada atau dan tidak ke ada bila lagi lg blh bleh hari bulan minggu tahun anak bayi budak ' +
    'baju kedai alamat waktu buka tutup kenapa bagaimana adakah sila terima kasih hai selamat pagi ' +
    'petang malam apa2 ker kah takde tiada mcm org orang suami isteri kotak fikiran dah nk bg bagi ' +
    'beritahu harap mahu hendak siap baiki waranti ansuran diskaun kod percuma kurier penghantaran ' +
    'pesanan bungkusan lampin kain tahan kalau sampai2 kerap basuh air panas sejuk darjah steril botol ' +
    'mesin dekat dkt tempat rumah pedalaman kredit lebih kurang sahaja saja mcmana',
);

const ENGLISH_MARKERS: Record<string, number> = weights(
  2,
  'the is are i you u my your can do does how what when where which to for with of and or if it this ' +
    'that have has will would please pls not any much many long there an be me we our us was were been ' +
    'did could should want need help know get about from by as still already yet just only also than ' +
    'then very more most some why who whom am im dont cant wont isnt whats thanks thank hello hi hey ' +
    'order deliver delivery shipping refund return payment account address available after before ' +
    'every day days week month months year years old baby bottle buy bought received receive send ' +
    'sent ask wash size price cost how my mine ur tell give take takes until extra charge charges',
);

function weights(weight: number, words: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const w of words.split(/\s+/)) if (w) out[w] = weight;
  return out;
}

// The lexicon says which language each of its words belongs to: a weak marker each ("discount" is
// English even though it starts like a Malay "di-" word).
const LEXICON_EN = new Set<string>();
const LEXICON_MS = new Set<string>();
// Names (places, couriers, brands) are written the same in every language.
const NAMES = new Set([
  'east_malaysia',
  'sabah',
  'sarawak',
  'west_malaysia',
  'overseas',
  'courier',
  'marketplace',
  'online_banking',
  'ewallet',
  'social_media',
  'whatsapp',
  'public_holiday',
  'certification',
  'cod',
]);
for (const c of lexiconData.concepts) {
  if (NAMES.has(c.id)) continue;
  for (const w of c.en.flatMap((p) => p.toLowerCase().split(/[^a-z]+/))) if (w.length >= 3) LEXICON_EN.add(w);
  for (const w of c.ms.flatMap((p) => p.toLowerCase().split(/[^a-z]+/))) if (w.length >= 3) LEXICON_MS.add(w);
}
for (const w of [...LEXICON_EN]) {
  if (LEXICON_MS.has(w)) {
    LEXICON_EN.delete(w);
    LEXICON_MS.delete(w);
  }
}

const MALAY_AFFIX = /^(?:meng|peng|mem|pem|men|pen|ber|ter|di)[a-z]{3,}$|^[a-z]{3,}(?:kan|nya)$/;

export interface LanguageScores {
  zh: number;
  ms: number;
  en: number;
}

export function languageScores(message: string): LanguageScores {
  const text = analysedText(message);
  const lower = text.normalize('NFKC').toLowerCase();
  const han = lower.match(HAN)?.length ?? 0;
  const words = (lower.match(LATIN_WORD) ?? []).map((w) => w.replace(/(?<=[a-z])2$/, ''));
  let ms = 0;
  let en = 0;
  for (const w of words) {
    const m = MALAY_MARKERS[w] ?? 0;
    const e = ENGLISH_MARKERS[w] ?? 0;
    ms += m;
    en += e;
    if (m || e) continue;
    if (LEXICON_EN.has(w)) en += 1;
    else if (LEXICON_MS.has(w) || MALAY_AFFIX.test(w)) ms += 1;
  }
  // About 1.5 Han characters make a word; Chinese wins once it carries a fair share of the message.
  const zh = han / 1.5;
  return { zh: words.length + zh === 0 ? 0 : zh / (zh + words.length * 0.5), ms, en };
}

/** An everyday English or Malay word ("the", "kod", "untuk"): never a name on its own. */
export function isFunctionWord(word: string): boolean {
  const w = word.toLowerCase();
  return (MALAY_MARKERS[w] !== undefined || ENGLISH_MARKERS[w] !== undefined) && !['baju', 'pos'].includes(w);
}

/** Whether a text says anything about its language (Chinese characters or marker words). */
export function hasLanguageMarkers(text: string): boolean {
  const s = languageScores(text);
  return s.zh > 0 || s.ms > 0 || s.en > 0;
}

/** Detects en / ms / zh. Ambiguous messages ("ok", "RM25?") fall back to `fallback` (e.g. the chat's). */
export function detectLanguage(message: string, fallback: Lang = 'en'): Lang {
  const text = analysedText(message);
  const s = languageScores(text);
  if (s.zh >= 0.5) return 'zh';
  if (s.ms === 0 && s.en === 0) return s.zh > 0 ? 'zh' : fallback;
  if (s.ms > s.en) return 'ms';
  if (s.en > s.ms) return 'en';
  return fallback === 'zh' ? 'en' : fallback;
}
