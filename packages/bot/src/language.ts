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

const MALAY_AFFIX = /^(?:meng|peng|mem|pem|men|pen|ber|ter|di)[a-z]{3,}$|^[a-z]{3,}(?:kan|nya)$/;

export interface LanguageScores {
  zh: number;
  ms: number;
  en: number;
}

export function languageScores(text: string): LanguageScores {
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
    if (!m && !e && MALAY_AFFIX.test(w)) ms += 1;
  }
  // About 1.5 Han characters make a word; Chinese wins once it carries a fair share of the message.
  const zh = han / 1.5;
  return { zh: words.length + zh === 0 ? 0 : zh / (zh + words.length * 0.5), ms, en };
}

/** Detects en / ms / zh. Ambiguous messages ("ok", "RM25?") fall back to `fallback` (e.g. the chat's). */
export function detectLanguage(text: string, fallback: Lang = 'en'): Lang {
  const s = languageScores(text);
  if (s.zh >= 0.5) return 'zh';
  if (s.ms === 0 && s.en === 0) return s.zh > 0 ? 'zh' : fallback;
  if (s.ms > s.en) return 'ms';
  if (s.en > s.ms) return 'en';
  return fallback === 'zh' ? 'en' : fallback;
}
