import type { HandoverReason, Lang } from './types.ts';

// The bot's own words, per reply language. A merchant's handover message replaces ours.

export const LANGUAGE_NAMES: Record<Lang, Record<Lang, string>> = {
  en: { en: 'English', ms: 'Malay', zh: 'Chinese' },
  ms: { en: 'Inggeris', ms: 'Melayu', zh: 'Cina' },
  zh: { en: '英文', ms: '马来文', zh: '中文' },
};

export const GREETING: Record<Lang, (shop: string) => string> = {
  en: (shop) => `Hi! Thanks for messaging ${shop}. How can we help you today?`,
  ms: (shop) => `Hai! Terima kasih kerana menghubungi ${shop}. Ada apa yang boleh kami bantu?`,
  zh: (shop) => `您好！欢迎光临${shop}，请问有什么可以帮您？`,
};

export const THANKS: Record<Lang, string> = {
  en: "You're welcome! Let us know if there's anything else we can help with.",
  ms: 'Sama-sama! Beritahu kami jika ada apa-apa lagi yang boleh kami bantu.',
  zh: '不客气！如果还有其他问题，随时告诉我们。',
};

const HANDOVER: Record<Lang, string> = {
  en: "I'll pass this to our team. A staff member will reply to you here shortly.",
  ms: 'Saya akan serahkan kepada pasukan kami. Staf kami akan membalas anda di sini sebentar lagi.',
  zh: '我帮您转给我们的客服人员，他们会尽快在这里回复您。',
};

const HANDOVER_ANGRY: Record<Lang, string> = {
  en: "We're sorry about this. A member of our team will look into it and reply to you here shortly.",
  ms: 'Kami mohon maaf atas perkara ini. Staf kami akan menyemaknya dan membalas anda di sini secepat mungkin.',
  zh: '非常抱歉给您带来不便。我们的客服人员会尽快处理，并在这里回复您。',
};

export function handoverText(
  lang: Lang,
  reason: HandoverReason,
  custom?: Partial<Record<Lang, string>>,
): string {
  const own = custom?.[lang]?.trim();
  if (own) return own;
  return reason === 'angry' ? HANDOVER_ANGRY[lang] : HANDOVER[lang];
}

/** Introduces an extract written in another language than the shopper's (we cannot translate offline). */
export function foreignLeadIn(reply: Lang, passage: Lang): string {
  const name = LANGUAGE_NAMES[reply][passage];
  switch (reply) {
    case 'en':
      return `Here is what our shop information says (in ${name}):`;
    case 'ms':
      return `Ini maklumat daripada kedai kami (dalam bahasa ${name}):`;
    case 'zh':
      return `以下是我们店铺的相关资料（${name}）：`;
  }
}

export const PRICE_LABEL: Record<Lang, string> = { en: 'Price', ms: 'Harga', zh: '价格' };

/** Added to an answer when its topic offers a voucher. */
export function voucherOfferText(lang: Lang, voucher: { code: string; name: string }): string {
  switch (lang) {
    case 'en':
      return `Here's a voucher for you: ${voucher.name}. Use code ${voucher.code} at checkout.`;
    case 'ms':
      return `Ini baucar untuk anda: ${voucher.name}. Guna kod ${voucher.code} semasa checkout.`;
    case 'zh':
      return `送您一张优惠券：${voucher.name}。结账时输入代码 ${voucher.code} 即可使用。`;
  }
}
