import { chatBotWords, handoverReasonMessage, type InboxRow, inboxWords } from '@balas/contracts';
import { format } from 'date-fns';

export type ChipColor = 'default' | 'success' | 'warning' | 'info' | 'error';

const colors: Record<InboxRow['state'], ChipColor> = {
  bot: 'success',
  needs_you: 'warning',
  draft: 'info',
  waiting: 'info',
  resolved: 'default',
  snoozed: 'default',
};

/** A conversation's state in the merchant's words: the chip, and why (a handover, a snooze). */
export function describeState(
  row: Pick<
    InboxRow,
    'state' | 'stateReason' | 'stateReasonText' | 'snoozedUntil' | 'botEnabled' | 'lastFrom'
  >,
) {
  let reason: string | null = null;
  // Without a handover: the bot is off here, or it was on and did not answer (the header says which).
  if (row.state === 'needs_you')
    reason =
      row.stateReasonText ||
      (row.stateReason
        ? handoverReasonMessage(row.stateReason)
        : // The shop wrote last and nothing was handed over: a snooze ended.
          row.lastFrom !== 'shopper'
          ? inboxWords.snoozeEnded
          : row.botEnabled
            ? chatBotWords.waitingBotOn
            : chatBotWords.waitingBotOff);
  if (row.state === 'snoozed' && row.snoozedUntil)
    reason = inboxWords.snoozedUntil(wakeTime(row.snoozedUntil));
  return { label: inboxWords.states[row.state], color: colors[row.state], reason };
}

/** When a snooze ends, in the merchant's clock. */
export const wakeTime = (at: string) => format(at, 'd MMM, h:mm a');

/** The reply countdown of a row: only while a marketplace chat waits for the shop's answer. */
export function countdownOf(row: Pick<InboxRow, 'replyDueAt'>, now: number) {
  if (!row.replyDueAt) return null;
  const left = Date.parse(row.replyDueAt) - now;
  return { text: inboxWords.countdown(left), late: left <= 0, urgent: left < 2 * 3600_000 };
}

/** The snooze presets, in the merchant's own clock: in an hour, tomorrow 9:00, next Monday 9:00. */
export function snoozePresets(now: Date) {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  tomorrow.setHours(9, 0, 0, 0);
  const monday = new Date(now);
  monday.setDate(now.getDate() + ((8 - now.getDay()) % 7 || 7));
  monday.setHours(9, 0, 0, 0);
  return {
    oneHour: new Date(now.getTime() + 3600_000),
    tomorrow,
    nextWeek: monday,
  };
}
