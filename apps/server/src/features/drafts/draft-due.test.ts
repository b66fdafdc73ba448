import { describe, expect, it } from 'vitest';
import { draftDueAt, draftSettingOf, drafts } from './draft-due.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3600_000;

describe('when a waiting draft raises its chat in Needs you', () => {
  it("at the last quarter of Shopee's 12 hours: 3 hours before the deadline", () => {
    const since = at('2026-11-27T00:00:00Z');
    const due = new Date(since.getTime() + 12 * HOUR);
    expect(draftDueAt(at('2026-11-27T00:05:00Z'), { awaitingSince: since, replyDueAt: due })).toEqual(
      new Date(due.getTime() - 3 * HOUR),
    );
  });

  it('at least half an hour before the deadline of a short window', () => {
    const since = at('2026-11-27T00:00:00Z');
    const due = new Date(since.getTime() + HOUR);
    expect(draftDueAt(since, { awaitingSince: since, replyDueAt: due })).toEqual(
      new Date(due.getTime() - 30 * 60_000),
    );
  });

  it('at once when the window already runs low, or has passed', () => {
    const now = at('2026-11-27T11:00:00Z');
    const since = at('2026-11-27T00:00:00Z');
    expect(draftDueAt(now, { awaitingSince: since, replyDueAt: at('2026-11-27T12:00:00Z') })).toEqual(now);
    expect(draftDueAt(now, { awaitingSince: since, replyDueAt: at('2026-11-27T10:00:00Z') })).toEqual(now);
  });

  it('after 15 minutes on a chat without a platform window (website)', () => {
    const now = at('2026-11-27T00:00:00Z');
    expect(draftDueAt(now, { awaitingSince: now, replyDueAt: null })).toEqual(
      new Date(now.getTime() + 15 * 60_000),
    );
  });
});

describe("a shop's draft mode", () => {
  it('is off unless set, and drafts by the confidence picked', () => {
    expect(draftSettingOf({})).toEqual({ mode: 'off', below: 0.6 });
    expect(drafts(draftSettingOf({}), 0.1)).toBe(false);
    expect(drafts({ mode: 'always', below: 0.6 }, 0.99)).toBe(true);
    expect(drafts({ mode: 'unsure', below: 0.5 }, 0.49)).toBe(true);
    expect(drafts({ mode: 'unsure', below: 0.5 }, 0.5)).toBe(false);
  });
});
