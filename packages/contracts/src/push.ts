import { z } from 'zod';
import { DEFAULT_TIME_ZONE, zonedParts } from './response-time.ts';

// Push notifications to a merchant's phone or computer (issue 26.4): a browser subscribes, the
// merchant picks the shops whose "Needs you" chats reach it and the hours when none may.

/** A wall-clock time, 24-hour "HH:MM". */
export const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 22:00');

/** An IANA time zone this runtime knows ("Asia/Kuala_Lumpur"). */
export const timeZoneName = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url');

/** What `PushSubscription.toJSON()` gives in the browser, as the server stores it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({ p256dh: base64url(200), auth: base64url(64) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushEndpointBody = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(2048) });

export const quietHours = z.object({ start: clockTime, end: clockTime }).refine((q) => q.start !== q.end, {
  message: 'Quiet hours must start and end at different times',
  path: ['end'],
});
export type QuietHours = z.infer<typeof quietHours>;

/** The merchant's choices: shops whose chats are pushed, and quiet hours in their time zone. */
export const pushSettingsBody = z.object({
  shopIds: z.array(z.uuid()).max(200),
  quietHours: quietHours.nullable(),
  timeZone: timeZoneName,
});
export type PushSettingsBody = z.infer<typeof pushSettingsBody>;

export const pushSettings = pushSettingsBody.extend({
  /** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
  publicKey: z.string(),
  /** How many browsers of the merchant are subscribed. */
  devices: z.number().int(),
});
export type PushSettings = z.infer<typeof pushSettings>;

/** What a push carries to the service worker (JSON, encrypted on the way). */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** One notification per conversation: a newer one replaces it. */
  tag: z.string(),
  /** The dashboard address the notification opens. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** Minutes past midnight of an "HH:MM". */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `at` falls inside quiet hours in `timeZone` (a window may run past midnight: 22:00-08:00). */
export function inQuietHours(at: Date, quiet: QuietHours | null, timeZone = DEFAULT_TIME_ZONE): boolean {
  if (!quiet) return false;
  const { hour, minute } = zonedParts(at, timeZone);
  const now = hour * 60 + minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** The longest message preview a push carries. */
export const PUSH_PREVIEW_CHARS = 120;

/** The dashboard's words for push notifications (the opt-in on the account page, the notification). */
export const pushWords = {
  title: 'Notifications on this device',
  intro:
    'Get a notification on this phone or computer when a chat needs you: the bot handed it over, or a shopper is waiting while the bot is off.',
  turnOn: 'Turn on notifications',
  turnOff: 'Turn off on this device',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  blocked:
    'This browser blocks notifications from Balas. Allow them in the browser’s site settings, then try again.',
  unsupported:
    'This browser cannot receive notifications. On an iPhone, add Balas to your Home Screen first (Share, then Add to Home Screen) and open it from there.',
  shops: 'Shops that notify you',
  shopsHint: 'Only chats from the shops you tick send notifications.',
  noShops: 'Add a shop first: its chats can then notify you.',
  quiet: 'Quiet hours',
  quietHint: 'No notifications between these times. Chats still wait for you in the Inbox.',
  quietFrom: 'From',
  quietTo: 'Until',
  timeZone: (zone: string) => `Times are in your time zone, ${zone}.`,
  save: 'Save notification settings',
  saved: 'Notification settings saved.',
  devices: (n: number) =>
    n === 0
      ? 'No device gets notifications yet.'
      : n === 1
        ? '1 device gets notifications.'
        : `${n} devices get notifications.`,
  /** The notification itself. */
  notificationTitle: (shopperName: string, shopName: string) =>
    `${shopperName || 'A shopper'} needs you · ${shopName}`,
  /** The dashboard when the phone is offline (the service worker's page). */
  offlineTitle: 'You are offline',
  offlineBody:
    'Balas cannot reach the internet right now. Your chats are safe: open the Inbox again when you are back online.',
  offlineRetry: 'Try again',
} as const;
