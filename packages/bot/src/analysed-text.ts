import { cutText, limits } from '@balas/contracts';

/** The part of a text the engine analyses (`limits.analysedTextMax`); the rest is kept, not analysed. */
export function analysedText(text: string): string {
  return cutText(text, limits.analysedTextMax);
}

/** A conversation's turns, each cut to what the engine analyses. */
export function analysedHistory<T extends { text: string }>(turns: readonly T[]): T[] {
  return turns.map((t) =>
    t.text.length > limits.analysedTextMax ? { ...t, text: analysedText(t.text) } : t,
  );
}
