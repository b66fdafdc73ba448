// Counted nouns as the dashboard writes them: "1 chat", "2 chats", "1,234 shopper messages" (issue 26:
// the Insights page said "1 chats"). Every count shown with a noun goes through `plural`.

// A whole number is grouped by hand, as en-MY groups it ("1,234,567"): making an Intl formatter loads
// the locale's data, which took 300 ms of a phone's first Inbox load (a CPU profile at 4x slowdown)
// though the page shows no count over 999. Anything else (fractions) goes through one formatter,
// made on first use: toLocaleString with a locale builds a new one on every call.
let grouped: Intl.NumberFormat | undefined;

/** A count as merchants in Malaysia read it: digits grouped by thousands. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) {
    grouped ??= new Intl.NumberFormat('en-MY');
    return grouped.format(n);
  }
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** The noun for a count, singular for exactly one (when the count is shown apart from it). */
export const noun = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** The count and its noun, singular for exactly one: `plural(2, 'chat')` is "2 chats". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${noun(n, one, many)}`;
}

export const countWords = {
  chats: (n: number) => plural(n, 'chat'),
  closedChats: (n: number) => plural(n, 'closed chat'),
  marketplaceChats: (n: number) => plural(n, 'marketplace chat'),
  messages: (n: number) => plural(n, 'message'),
  shopperMessages: (n: number) => plural(n, 'shopper message'),
  questions: (n: number) => plural(n, 'question'),
  answers: (n: number) => plural(n, 'answer'),
  variations: (n: number) => plural(n, 'variation'),
  items: (n: number) => plural(n, 'item'),
  /** "1 needs you", "3 need you". */
  needYou: (n: number) => `${formatCount(n)} ${n === 1 ? 'needs' : 'need'} you`,
} as const;
