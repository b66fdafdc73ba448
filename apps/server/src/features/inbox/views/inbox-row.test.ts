import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inboxStateOf, type RowConversation, type RowShop, toInboxRow } from './inbox-row.ts';
import { tallyFunctionSql } from './inbox-state.ts';

const now = new Date('2026-03-02T10:00:00Z');
const shop = (on: boolean): RowShop => ({ id: 's', name: 'Shop', provider: 'shopee', defaultBotStatus: on });
const conversation = (patch: Partial<RowConversation> = {}): RowConversation => ({
  id: 'c',
  shopId: 's',
  externalId: '1',
  customerName: 'Mei',
  latestText: 'hi',
  latestAt: now,
  lastFrom: 'customer',
  unreadCount: 1,
  botEnabled: null,
  handedOver: false,
  handoverReason: null,
  handoverCode: null,
  resolvedAt: null,
  snoozedUntil: null,
  wokeAt: null,
  replyDueAt: null,
  answerDue: false,
  draftUntil: null,
  ...patch,
});

describe('the effective state of a conversation', () => {
  it.each([
    ['bot on, shopper last, answer due', { answerDue: true }, true, 'bot'],
    // The bot decided and did not answer (a sticker, given up), or nothing made it due: a person must.
    ['bot on, shopper last, nothing due', {}, true, 'needs_you'],
    // The shop wrote last (the bot or a person): waiting on the shopper, whatever the switch.
    ['bot on, bot last', { lastFrom: 'bot' }, true, 'waiting'],
    ['bot on, staff last', { lastFrom: 'agent' }, true, 'waiting'],
    ['shop off, shopper last, answer due', { answerDue: true }, false, 'needs_you'],
    ['shop off, shopper last', {}, false, 'needs_you'],
    ['shop off, staff last', { lastFrom: 'agent' }, false, 'waiting'],
    ['override on in a shop that is off', { botEnabled: true, answerDue: true }, false, 'bot'],
    ['override on, nothing due', { botEnabled: true }, false, 'needs_you'],
    ['override off in a shop that is on', { botEnabled: false }, true, 'needs_you'],
    ['handed over with the bot on', { handedOver: true }, true, 'needs_you'],
    // The bot's handover words are not an answer; a person's reply is.
    ['handed over, the bot wrote last', { handedOver: true, lastFrom: 'bot' }, true, 'needs_you'],
    ['handed over, a person answered', { handedOver: true, lastFrom: 'agent' }, true, 'waiting'],
    ['handed over, the shopper wrote again', { handedOver: true, answerDue: true }, true, 'needs_you'],
    // A snooze that ended: in Needs you until someone writes.
    [
      'snooze passed, the shop wrote last',
      {
        lastFrom: 'agent',
        latestAt: new Date(now.getTime() - 5000),
        snoozedUntil: new Date(now.getTime() - 1000),
      },
      true,
      'needs_you',
    ],
    ['woken by the job, nobody wrote since', { lastFrom: 'bot', wokeAt: now }, true, 'needs_you'],
    [
      'woken, then a person answered',
      { lastFrom: 'agent', wokeAt: new Date(now.getTime() - 1000) },
      false,
      'waiting',
    ],
    ['woken by the shopper, the bot answering', { wokeAt: now, answerDue: true }, true, 'needs_you'],
    ['resolved beats everything', { handedOver: true, resolvedAt: now }, true, 'resolved'],
    ['snoozed ahead', { snoozedUntil: new Date(now.getTime() + 1000) }, false, 'snoozed'],
    ['snooze passed', { snoozedUntil: new Date(now.getTime() - 1000) }, false, 'needs_you'],
    // Draft mode: a draft waits for approval; once its response window runs low, the chat needs you.
    ['a draft waits', { draftUntil: new Date(now.getTime() + 60_000) }, true, 'draft'],
    ['a draft waits, its window running low', { draftUntil: now }, true, 'needs_you'],
    [
      'a draft of the handover message waits',
      { draftUntil: new Date(now.getTime() + 60_000), handedOver: true },
      true,
      'needs_you',
    ],
    [
      'a snoozed chat with a draft',
      { draftUntil: new Date(now.getTime() + 60_000), snoozedUntil: new Date(now.getTime() + 1000) },
      true,
      'snoozed',
    ],
  ] as const)('%s', (_name, patch, on, state) => {
    expect(inboxStateOf(conversation(patch), shop(on), now)).toBe(state);
  });

  it('says why it needs the merchant and whether the switch is inherited', () => {
    const row = toInboxRow(
      conversation({ handedOver: true, handoverCode: 'angry', handoverReason: 'The shopper seems upset' }),
      shop(true),
      now,
    );
    expect(row).toMatchObject({
      state: 'needs_you',
      stateReason: 'angry',
      stateReasonText: 'The shopper seems upset',
      botEnabled: true,
      botInherited: true,
      lastFrom: 'shopper',
      snoozedUntil: null,
    });
    const overridden = toInboxRow(conversation({ botEnabled: false, lastFrom: 'agent' }), shop(true), now);
    expect(overridden).toMatchObject({
      state: 'waiting',
      botEnabled: false,
      botInherited: false,
      lastFrom: 'staff',
    });
  });
});

describe('the one rule in SQL', () => {
  it("is the migration's tally function, word for word", () => {
    const migration = readFileSync(
      new URL('../../../../drizzle/0021_drafts_summaries.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toContain(tallyFunctionSql());
  });
});
