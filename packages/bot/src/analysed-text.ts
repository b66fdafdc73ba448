import { limits } from '@balas/contracts';

/** The part of a text the engine analyses (`limits.analysedTextMax`); the rest is kept, not analysed. */
export function analysedText(text: string): string {
  if (text.length <= limits.analysedTextMax) return text;
  const cut = text.slice(0, limits.analysedTextMax);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** A conversation's turns, each cut to what the engine analyses. */
export function analysedHistory<T extends { text: string }>(turns: readonly T[]): T[] {
  return turns.map((t) =>
    t.text.length > limits.analysedTextMax ? { ...t, text: analysedText(t.text) } : t,
  );
}
