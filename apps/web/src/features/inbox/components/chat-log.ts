import type { Bubble } from '../api/messages.ts';
import { cardHeights, cardsOf } from './cards/card-refs.ts';

/** How close to the newest message (px) still counts as "at the bottom": new messages are then followed. */
export const FOLLOW_THRESHOLD_PX = 80;
/** Space between two bubbles (px). */
export const BUBBLE_GAP_PX = 10;

/**
 * The chat's bubbles oldest first, from the cached pages (the first page holds the newest messages,
 * each later page older ones). A bubble is listed once even if a live event and a fetched page both
 * carry it: the list is keyed by bubble id.
 */
export function chatBubbles(pages: readonly { bubbles: readonly Bubble[] }[] | undefined): Bubble[] {
  const seen = new Set<string>();
  const out: Bubble[] = [];
  for (let p = (pages?.length ?? 0) - 1; p >= 0; p--) {
    for (const bubble of pages![p]!.bubbles) {
      if (seen.has(bubble.id)) continue;
      seen.add(bubble.id);
      out.push(bubble);
    }
  }
  return out;
}

const LINE_PX = 24;
const CHARS_PER_LINE = 42;

/**
 * A first guess at a bubble's height before it is measured: the closer it is, the less the list
 * moves while rows are measured. Text wraps by length and line breaks; pictures have a fixed box.
 */
export function estimateBubbleHeight(bubble: Bubble): number {
  const frame = 16 + 22; // the bubble's padding, and the time line under it
  const failed = bubble.status === 'failed' ? 30 : 0;
  const c = bubble.content;
  if (bubble.unreadable) return frame + LINE_PX + failed;
  const text = c.kind === 'text' ? c.text : c.kind === 'link' ? (c.text ?? c.title ?? '') : '';
  const lines = text
    ? text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0)
    : 0;
  let media = 0;
  if (c.kind === 'image') media = 180;
  if (c.kind === 'sticker') media = 96;
  // Orders, products and vouchers are cards of a fixed height under the bubble (or instead of it).
  const refs = cardsOf(bubble);
  const cards = refs.reduce((h, r) => h + cardHeights[r.kind] + 6, 0);
  if (cards && !text && !media) return 22 + cards + failed;
  return frame + Math.max(lines * LINE_PX, media ? 0 : LINE_PX) + media + cards + failed;
}
