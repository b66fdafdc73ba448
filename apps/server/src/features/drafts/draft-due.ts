import { type DraftMode, draftLimits } from '@balas/contracts';
import type { ShopConfig } from '../../db/schema.ts';

/** A shop's draft mode as the merchant set it (absent: off; 'unsure' at the default confidence). */
export function draftSettingOf(config: Pick<ShopConfig, 'draftMode' | 'draftBelow'>): {
  mode: DraftMode;
  below: number;
} {
  return { mode: config.draftMode ?? 'off', below: config.draftBelow ?? draftLimits.defaultBelow };
}

/** Whether the bot's reply of this confidence waits for a person instead of going out. */
export function drafts(setting: { mode: DraftMode; below: number }, confidence: number): boolean {
  return setting.mode === 'always' || (setting.mode === 'unsure' && confidence < setting.below);
}

/**
 * When a waiting draft raises its chat in "Needs you": once the platform's response window runs low
 * (its last quarter, and at least half an hour before the deadline), at once if it already does; a
 * chat without a platform window after a short while (docs/response-windows.md).
 */
export function draftDueAt(now: Date, window: { awaitingSince: Date | null; replyDueAt: Date | null }): Date {
  if (!window.replyDueAt) return new Date(now.getTime() + draftLimits.noWindowMs);
  const due = window.replyDueAt.getTime();
  const since = Math.min(window.awaitingSince?.getTime() ?? now.getTime(), due);
  const low = due - Math.max((due - since) * draftLimits.lowShare, draftLimits.lowMinMs);
  return new Date(Math.max(low, now.getTime()));
}
