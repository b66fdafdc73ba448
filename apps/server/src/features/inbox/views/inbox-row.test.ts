import { describe, expect, it } from 'vitest';
import { inboxStateOf, type RowConversation, type RowShop, toInboxRow } from './inbox-row.ts';

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
  replyDueAt: null,
  answerDue: false,
  ...patch,
});

describe('the effective state of a conversation', () => {
  it.each([
    ['bot on, shopper last, answer due', { answerDue: true }, true, 'bot'],
    // The bot decided and did not answer (a sticker, given up), or nothing made it due: a person must.
    ['bot on, shopper last, nothing due', {}, true, 'needs_you'],
    ['bot on, bot last', { lastFrom: 'bot' }, true, 'bot'],
    ['shop off, shopper last, answer due', { answerDue: true }, false, 'needs_you'],
    ['shop off, shopper last', {}, false, 'needs_you'],
    ['shop off, staff last', { lastFrom: 'agent' }, false, 'waiting'],
    ['override on in a shop that is off', { botEnabled: true, answerDue: true }, false, 'bot'],
    ['override on, nothing due', { botEnabled: true }, false, 'needs_you'],
    ['override off in a shop that is on', { botEnabled: false }, true, 'needs_you'],
    ['handed over with the bot on', { handedOver: true }, true, 'needs_you'],
    ['resolved beats everything', { handedOver: true, resolvedAt: now }, true, 'resolved'],
    ['snoozed ahead', { snoozedUntil: new Date(now.getTime() + 1000) }, false, 'snoozed'],
    ['snooze passed', { snoozedUntil: new Date(now.getTime() - 1000) }, false, 'needs_you'],
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
