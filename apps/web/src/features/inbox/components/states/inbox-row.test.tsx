import type { InboxRow, Shop } from '@balas/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test-utils.tsx';
import { inboxKeys } from '../../api/inbox.ts';
import { InboxRowItem } from '../inbox-page/inbox-list.tsx';
import { botSource, ConversationControls, snoozeError } from './conversation-controls.tsx';
import { countdownOf, describeState, snoozePresets } from './inbox-state.ts';

const now = Date.parse('2026-11-24T10:00:00.000Z');
const row = (over: Partial<InboxRow> = {}): InboxRow => ({
  id: 'c1',
  shopId: 's1',
  shopName: 'Kedai Comel',
  channel: 'shopee',
  externalId: 'ext-1',
  shopperName: 'Rajesh Kumar',
  lastMessage: 'Is the stroller in stock?',
  lastMessageAt: '2026-11-24T09:58:00.000Z',
  lastFrom: 'shopper',
  unreadCount: 2,
  state: 'needs_you',
  stateReason: 'asked_for_human',
  stateReasonText: null,
  botEnabled: true,
  botInherited: true,
  snoozedUntil: null,
  replyDueAt: '2026-11-24T22:00:00.000Z',
  views: ['needs_you', 'unread', 'all'],
  ...over,
});
const shop = {
  id: 's1',
  providerName: 'shopee',
  defaultBotStatus: true,
  addInformation: { name: 'Kedai Comel' },
} as Shop;

afterEach(() => vi.unstubAllGlobals());

describe('conversation state in the merchant’s words', () => {
  it('gives a handover its reason, a bot-off wait its own, and a snooze its end', () => {
    expect(describeState(row())).toMatchObject({
      label: 'Needs you',
      reason: 'The shopper asked to talk to a person',
    });
    expect(
      describeState(row({ stateReasonText: 'The shopper asks about their order (order 2411)' })).reason,
    ).toBe('The shopper asks about their order (order 2411)');
    expect(describeState(row({ stateReason: null, botEnabled: false })).reason).toBe(
      'The shopper is waiting for your reply: the chatbot is off here',
    );
    // The bot is on there and did not answer (a sticker, a refused reply): not said to be off.
    expect(describeState(row({ stateReason: null, botEnabled: true })).reason).toBe(
      'The shopper is waiting for your reply: the chatbot did not answer this message',
    );
    // Needs you though the shop wrote last: the merchant's snooze ended.
    expect(describeState(row({ stateReason: null, lastFrom: 'staff' })).reason).toBe(
      'Your snooze ended: it is back for you to follow up.',
    );
    expect(describeState(row({ state: 'bot' }))).toMatchObject({ label: 'Bot answering', reason: null });
    expect(describeState(row({ state: 'waiting', lastFrom: 'bot' }))).toMatchObject({
      label: 'Waiting for shopper',
      reason: null,
    });
    expect(describeState(row({ state: 'snoozed', snoozedUntil: '2026-11-25T01:00:00.000Z' })).reason).toMatch(
      /^Snoozed until 25 Nov/,
    );
  });

  it('counts down to the platform’s reply deadline, then says how late', () => {
    expect(countdownOf(row(), now)).toEqual({ text: '12 h left', late: false, urgent: false });
    expect(countdownOf(row({ replyDueAt: '2026-11-24T10:45:00.000Z' }), now)).toEqual({
      text: '45 min left',
      late: false,
      urgent: true,
    });
    expect(countdownOf(row({ replyDueAt: '2026-11-24T08:00:00.000Z' }), now)?.text).toBe('2 h late');
    expect(countdownOf(row({ replyDueAt: null }), now)).toBeNull();
  });

  it('offers snoozes for an hour, tomorrow 9:00 and next Monday 9:00', () => {
    const wednesday = new Date(2026, 10, 25, 15, 30);
    const p = snoozePresets(wednesday);
    expect(p.oneHour.getTime() - wednesday.getTime()).toBe(3600_000);
    expect([p.tomorrow.getDate(), p.tomorrow.getHours(), p.tomorrow.getMinutes()]).toEqual([26, 9, 0]);
    expect([p.nextWeek.getDay(), p.nextWeek.getDate(), p.nextWeek.getHours()]).toEqual([1, 30, 9]);
    const monday = snoozePresets(new Date(2026, 10, 30, 8));
    expect(monday.nextWeek.getDate()).toBe(7);
  });

  it('checks a custom snooze time as the server does', () => {
    const at = new Date('2026-11-24T10:00:00');
    expect(snoozeError('', at)).toBe('Please choose a date and time to snooze until');
    expect(snoozeError('2026-11-24T09:00', at)).toBe('Please choose a time in the future');
    expect(snoozeError('2027-01-30T09:00', at)).toBe('You can snooze a conversation for at most 30 days');
    expect(snoozeError('2026-11-25T09:00', at)).toBeNull();
  });
});

describe('an inbox row', () => {
  it('shows shop and channel, shopper, last message, unread count, state and countdown', () => {
    renderAt('/', [
      { path: '/', element: <InboxRowItem row={row()} href="/inbox?c=c1" selected={false} now={now} /> },
    ]);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/inbox?c=c1');
    within(link).getByText('Rajesh Kumar');
    within(link).getByText('Kedai Comel · Shopee');
    within(link).getByText('Is the stroller in stock?');
    expect(within(link).getByLabelText('2 unread messages').textContent).toBe('2');
    expect(within(link).getByTestId('countdown').textContent).toBe('12 h left');
    expect(link.querySelector('[data-state]')?.getAttribute('data-state')).toBe('needs_you');
  });

  it('says who wrote last when it was the shop, and has no countdown once answered', () => {
    renderAt('/', [
      {
        path: '/',
        element: (
          <InboxRowItem
            row={row({
              lastFrom: 'bot',
              lastMessage: 'It is in stock!',
              replyDueAt: null,
              unreadCount: 0,
              state: 'bot',
            })}
            href="/inbox?c=c1"
            selected
            now={now}
          />
        ),
      },
    ]);
    screen.getByText(/Bot: It is in stock!/);
    expect(screen.queryByTestId('countdown')).toBeNull();
    expect(screen.getByRole('link').getAttribute('aria-current')).toBe('true');
  });
});

describe('conversation controls', () => {
  function renderControls(r: InboxRow, answer: (url: string, init?: RequestInit) => Response) {
    localStorage.setItem('token', 't');
    const fetch = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    const view = renderAt('/', [
      { path: '/', element: <ConversationControls shop={shop} row={r} onDone={onDone} /> },
    ]);
    return { ...view, fetch, onDone };
  }

  it('says the bot switch follows the shop until the conversation has its own setting', () => {
    renderControls(row({ state: 'bot', stateReason: null, botEnabled: true, botInherited: true }), () =>
      Response.json({}),
    );
    expect(screen.getByTestId('bot-source').textContent).toBe('On, as set for the shop');
    expect((screen.getByRole('switch', { name: 'Chatbot Status' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says the bot is quiet in a handed-over chat, as the banner does, whatever the shop’s switch', () => {
    renderControls(row({ botEnabled: true, botInherited: true }), () => Response.json({}));
    expect(screen.getByTestId('bot-source').textContent).toBe('Quiet here until you hand the chat back');
    expect(screen.getByRole('switch', { name: 'Chatbot Status' }).getAttribute('aria-description')).toBe(
      'Quiet here until you hand the chat back',
    );
    expect(botSource(row({ state: 'bot', stateReason: null }))).toBe('On, as set for the shop');
    expect(botSource(row({ stateReason: null, botEnabled: false, botInherited: false }))).toBe(
      'Off for this conversation',
    );
  });

  it('shows an own setting as the conversation’s', () => {
    renderControls(row({ state: 'waiting', stateReason: null, botEnabled: false, botInherited: false }), () =>
      Response.json({}),
    );
    expect(screen.getByTestId('bot-source').textContent).toBe('Off for this conversation');
    expect((screen.getByRole('switch', { name: 'Chatbot Status' }) as HTMLInputElement).checked).toBe(false);
  });

  it('resolves through the API and puts the answered row in the cache', async () => {
    const resolved = row({ state: 'resolved' });
    const { fetch, onDone, client } = renderControls(row(), () => Response.json({ data: resolved }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Conversation resolved'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/inbox/conversations/c1/resolve',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(client.getQueryData(inboxKeys.row('c1'))).toEqual(resolved);
  });

  it('hands a handed-over conversation back to the bot', async () => {
    const { fetch, onDone } = renderControls(row(), () => Response.json({ data: row({ state: 'bot' }) }));
    await userEvent.click(screen.getByRole('button', { name: 'Hand back to bot' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('The chatbot answers this conversation again'));
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/inbox/conversations/c1/hand-back');
  });

  it('offers Reopen, not Resolve, on a resolved conversation', () => {
    renderControls(row({ state: 'resolved' }), () => Response.json({}));
    screen.getByRole('button', { name: 'Reopen' });
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Snooze' })).toBeNull();
  });

  it('snoozes for an hour from the menu', async () => {
    const { fetch, onDone } = renderControls(row(), () => Response.json({ data: row({ state: 'snoozed' }) }));
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    const before = Date.now();
    await userEvent.click(screen.getByRole('menuitem', { name: 'For 1 hour' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.stringMatching(/^Snoozed until /)));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/inbox/conversations/c1/snooze');
    const until = Date.parse(JSON.parse(String(init?.body)).until);
    expect(until - before).toBeGreaterThan(3590_000);
    expect(until - before).toBeLessThan(3700_000);
  });

  it('says why an action failed', async () => {
    const { onDone } = renderControls(row(), () =>
      Response.json({ error: { code: 'not_found', message: 'Conversation not found' } }, { status: 404 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('Conversation not found'));
  });
});
