import type { InboxRow } from '@balas/contracts';
import { openConversationEvent } from './realtime-counts.ts';
import { storedValue } from './stored-value.ts';

/**
 * The merchant's choice of a browser notification and a sound when a conversation starts needing them
 * (a handover, or a shopper writing where the bot is off). Kept in this browser's local storage, not
 * in the merchant's account: the browser's permission to notify is given per browser, and whether a
 * sound is welcome depends on the device (the shop counter's PC, a phone in a pocket). Both are off
 * until the merchant turns them on; notifications also need the browser's permission.
 */
export interface AlertSettings {
  notify: boolean;
  sound: boolean;
}

export const alertSettingsStore = storedValue('balas.alerts');
const off: AlertSettings = { notify: false, sound: false };

export function readAlertSettings(raw = alertSettingsStore.get()): AlertSettings {
  if (!raw) return off;
  try {
    const value = JSON.parse(raw) as Partial<AlertSettings>;
    return { notify: value.notify === true, sound: value.sound === true };
  } catch {
    return off;
  }
}

export function saveAlertSettings(settings: AlertSettings) {
  alertSettingsStore.set(JSON.stringify(settings));
}

/** The newest message each conversation was announced for, so a read or a state change is silent. */
const announced = new Map<string, string>();

/** Whether a pushed row is news for the merchant: it needs them, with a shopper message not yet announced. */
export function isNews(row: InboxRow): boolean {
  if (row.state !== 'needs_you' || row.unreadCount === 0) return false;
  if (announced.get(row.id) === row.lastMessageAt) return false;
  announced.set(row.id, row.lastMessageAt);
  return true;
}

let audio: AudioContext | null = null;

/** A short two-note chime, made on the spot (no sound file to download). */
export function playChime() {
  const Context = window.AudioContext;
  if (!Context) return;
  audio ??= new Context();
  void audio.resume().catch(() => {});
  const start = audio.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + i * 0.15);
    gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.15 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.15 + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + i * 0.15);
    osc.stop(start + i * 0.15 + 0.32);
  }
}

export const alertText = (row: InboxRow) => ({
  title: `${row.shopperName || 'A shopper'} needs you · ${row.shopName}`,
  body: row.lastMessage,
});

/** Announces a row that became news, as the merchant chose. */
export function announce(row: InboxRow, settings = readAlertSettings()) {
  if (!isNews(row)) return;
  if (settings.sound) playChime();
  if (
    settings.notify &&
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    document.visibilityState !== 'visible'
  ) {
    const { title, body } = alertText(row);
    const n = new Notification(title, { body, tag: row.id });
    n.onclick = () => {
      window.focus();
      window.dispatchEvent(new CustomEvent(openConversationEvent, { detail: row.id }));
    };
  }
}
