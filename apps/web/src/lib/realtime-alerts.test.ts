import type { InboxRow } from '@balas/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, isNews, readAlertSettings, saveAlertSettings } from './realtime-alerts.ts';
import { titleCount } from './realtime-counts.ts';

const row = (over: Partial<InboxRow> = {}): InboxRow => ({
  id: `c${Math.random()}`,
  shopId: 's1',
  shopName: 'Kedai Comel',
  channel: 'shopee',
  externalId: 'e1',
  shopperName: 'Rajesh',
  lastMessage: 'Hello?',
  lastMessageAt: '2026-11-24T10:00:00.000Z',
  lastFrom: 'shopper',
  unreadCount: 1,
  state: 'needs_you',
  stateReason: null,
  stateReasonText: null,
  botEnabled: false,
  botInherited: true,
  snoozedUntil: null,
  replyDueAt: null,
  views: ['needs_you', 'all'],
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('alerts', () => {
  it('are off until the merchant turns them on, and survive bad stored values', () => {
    expect(readAlertSettings()).toEqual({ notify: false, sound: false });
    saveAlertSettings({ notify: false, sound: true });
    expect(readAlertSettings()).toEqual({ notify: false, sound: true });
    localStorage.setItem('balas.alerts', '{not json');
    expect(readAlertSettings()).toEqual({ notify: false, sound: false });
  });

  it('announce a conversation once per new message, only while it needs the merchant and is unread', () => {
    const r = row();
    expect(isNews(r)).toBe(true);
    expect(isNews({ ...r })).toBe(false);
    expect(isNews({ ...r, unreadCount: 0, lastMessageAt: '2026-11-24T10:05:00.000Z' })).toBe(false);
    expect(isNews({ ...r, lastMessageAt: '2026-11-24T10:06:00.000Z' })).toBe(true);
    expect(isNews(row({ state: 'bot' }))).toBe(false);
  });

  it('show a browser notification only when allowed, chosen and the tab is not in view', () => {
    const shown = vi.fn();
    class FakeNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown(title, options);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    announce(row(), { notify: false, sound: false });
    expect(shown).not.toHaveBeenCalled();
    const r = row({ shopperName: 'Siti', lastMessage: 'Need help' });
    announce(r, { notify: true, sound: false });
    expect(shown).toHaveBeenCalledWith('Siti needs you · Kedai Comel', { body: 'Need help', tag: r.id });
    hidden.mockReturnValue('visible');
    announce(row(), { notify: true, sound: false });
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('put the count before the tab title', () => {
    expect(titleCount(0)).toBe('');
    expect(titleCount(3)).toBe('(3) ');
    expect(titleCount(120)).toBe('(99+) ');
  });
});
