import { channels, clientEvents, type InboxCounts, type InboxRow, messages as words } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, shops } from '../../../db/schema.ts';
import type { IncomingMessage } from '../../../platforms/platform.ts';
import { eventually } from '../../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let a: { headers: Record<string, string>; token: string };
let b: { headers: Record<string, string>; token: string };
/** Merchant A: a website shop with the bot off, a Shopee shop with the bot on. Merchant B: one shop. */
let web: string;
let shopee: string;
let other: string;
let url: string;
const HOUR = 3600_000;
const base = Date.now() - 10 * 60_000;

const shopRow = async (id: string) =>
  (await t.ctx.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;
async function says(
  shopId: string,
  conversation: string,
  sender: 'customer' | 'agent' | 'bot',
  text: string,
  at: number,
  /** 'due': the bot's answer is on its way (due, its job not run yet); 'none': nobody's. */
  answer: 'none' | 'due' = 'none',
) {
  const incoming: IncomingMessage = {
    conversation: {
      externalId: conversation,
      customerId: `buyer-${conversation}`,
      customerName: `Shopper ${conversation}`,
    },
    message: {
      externalId: `${conversation}-${at}-${sender}`,
      sender,
      content: { kind: 'text', text },
      sentAt: new Date(at),
    },
  };
  const shop = await shopRow(shopId);
  if (answer === 'due') return t.app.services.inbox.ingest(shop, incoming, { answerDue: true });
  return t.app.services.inbox.receive(shop, incoming, { answer: 'none' });
}
const get = (path: string, headers = a.headers) => t.app.inject({ url: `/api${path}`, headers });
const post = (path: string, payload?: object, headers = a.headers) =>
  t.app.inject({ method: 'POST', url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
const list = async (query: string, headers = a.headers) => {
  const res = await get(`/inbox/conversations?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: InboxRow[]; nextCursor: string | null };
};
const ids = async (query: string) => (await list(query)).data.map((r) => r.externalId);
const counts = async (headers = a.headers) =>
  (await get('/inbox/counts', headers)).json().data as InboxCounts;
const rowOf = async (externalId: string) =>
  (await list('view=all')).data.find((r) => r.externalId === externalId)!;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t.app);
  b = await signUp(t.app);
  web = await createWebsiteShop(t.app, a.headers, 'Web shop');
  shopee = await createWebsiteShop(t.app, a.headers, 'Shopee shop');
  other = await createWebsiteShop(t.app, b.headers, 'Other merchant shop');
  // The countdown depends on the shop's platform only: this shop counts as a Shopee shop.
  await t.ctx.database.db
    .update(shops)
    .set({ provider: 'shopee', defaultBotStatus: true })
    .where(eq(shops.id, shopee));

  await says(web, 'a1', 'customer', 'Is the blue kurung in stock?', base);
  // The bot's answer to b1 is due (its job has not run): the bot's. The same with nothing due would
  // need the merchant (inbox-row.test.ts).
  await says(shopee, 'b1', 'customer', 'Do you ship to Penang?', base + 1000, 'due');
  await says(shopee, 'b2', 'customer', 'I want a refund for my parcel', base + 2000);
  const b2 = await t.app.services.inbox.conversationOf(await shopRow(shopee), 'b2');
  await t.app.services.inbox.handOver(await shopRow(shopee), b2, {
    reason: 'asked_for_human',
    text: 'The shopper asked to talk to a person',
  });
  await says(web, 'a2', 'customer', 'Thanks for the help', base + 3000);
  await says(web, 'a2', 'agent', 'You are welcome!', base + 4000);
  await says(other, 'a1', 'customer', 'A secret of the other merchant', base + 5000);

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t?.close();
});

describe('the one inbox', () => {
  it('lists every shop of the merchant, newest activity first, with the effective state of each', async () => {
    const page = await list('view=all');
    expect(page.data.map((r) => r.externalId)).toEqual(['a2', 'b2', 'b1', 'a1']);
    const [a2, b2, b1, a1] = page.data as [InboxRow, InboxRow, InboxRow, InboxRow];
    expect(a1).toMatchObject({
      shopId: web,
      shopName: 'Web shop',
      channel: 'website',
      shopperName: 'Shopper a1',
      lastMessage: 'Is the blue kurung in stock?',
      lastFrom: 'shopper',
      unreadCount: 1,
      state: 'needs_you',
      stateReason: null,
      botEnabled: false,
      botInherited: true,
      replyDueAt: null,
    });
    expect(b1).toMatchObject({ channel: 'shopee', state: 'bot', botEnabled: true, botInherited: true });
    // Shopee's published window: 12 hours after the shopper's first unanswered message.
    expect(b1.replyDueAt).toBe(new Date(base + 1000 + 12 * HOUR).toISOString());
    expect(b2).toMatchObject({
      state: 'needs_you',
      stateReason: 'asked_for_human',
      stateReasonText: 'The shopper asked to talk to a person',
    });
    expect(a2).toMatchObject({ state: 'waiting', lastFrom: 'staff', lastMessage: 'You are welcome!' });
    expect(new Date(a2.lastMessageAt).getTime()).toBe(base + 4000);
  });

  it('filters by view, shop, channel and search', async () => {
    // Needs you: the soonest deadline first, then the newest.
    expect(await ids('view=needs_you')).toEqual(['b2', 'a1']);
    expect(await ids('view=bot')).toEqual(['b1']);
    expect(await ids('view=unread')).toEqual(['a2', 'b2', 'b1', 'a1']);
    expect(await ids('view=resolved')).toEqual([]);
    expect(await ids(`view=all&shopId=${web}`)).toEqual(['a2', 'a1']);
    expect(await ids('view=all&channel=shopee')).toEqual(['b2', 'b1']);
    expect(await ids('view=all&channel=lazada')).toEqual([]);
    // A channel is one the server registered (not only the dashboard's list), and nothing else.
    const unknown = await get('/inbox/conversations?channel=ebay');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.channel).toBe(words.inbox.channel);
    expect(await ids('view=all&q=penang')).toEqual(['b1']); // message text, any case
    expect(await ids('view=all&q=pper%20a2')).toEqual(['a2']); // part of the shopper's name
    expect(await ids('view=all&q=100%25')).toEqual([]); // LIKE characters are plain text
    const short = await get('/inbox/conversations?q=ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.q).toBe(words.inbox.searchTooShort);
    expect((await get('/inbox/conversations?view=mine')).statusCode).toBe(400);
    expect((await get('/inbox/conversations?shopId=not-a-shop')).statusCode).toBe(400);
    // Another merchant's shop, or one that does not exist, is not found, as on every shop route.
    const foreign = await get(`/inbox/conversations?view=all&shopId=${other}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
    expect((await get(`/inbox/conversations?shopId=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('pages with a cursor that belongs to its view', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`view=all&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.data.map((r) => r.externalId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['a2', 'b2', 'b1', 'a1']);
    const first = await list('view=needs_you&limit=1');
    const second = await list(`view=needs_you&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect([...first.data, ...second.data].map((r) => r.externalId)).toEqual(['b2', 'a1']);
    expect(second.nextCursor).toBeNull();
    const wrongView = await get(
      `/inbox/conversations?view=all&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(wrongView.statusCode).toBe(400);
    expect(wrongView.json().error.message).toBe(words.inbox.badCursor);
    expect((await get('/inbox/conversations?cursor=garbage')).statusCode).toBe(400);
  });

  it('counts every view per shop in one answer', async () => {
    const zero = { drafts: 0, waiting: 0, snoozed: 0, bot: 0, resolved: 0 };
    expect(await counts()).toEqual({
      needsYou: 2,
      drafts: 0,
      waiting: 1,
      snoozed: 0,
      unread: 4,
      bot: 1,
      resolved: 0,
      all: 4,
      shops: expect.arrayContaining([
        { shopId: web, ...zero, needsYou: 1, waiting: 1, unread: 2, all: 2 },
        { shopId: shopee, ...zero, needsYou: 1, bot: 1, unread: 2, all: 2 },
      ]),
    });
    expect(await counts(b.headers)).toEqual({
      ...zero,
      needsYou: 1,
      unread: 1,
      all: 1,
      shops: [{ shopId: other, ...zero, needsYou: 1, unread: 1, all: 1 }],
    });
  });

  it('resolves, reopens on a new shopper message, snoozes and hands back to the bot', async () => {
    const b2 = (await rowOf('b2')).id;
    const resolved = await post(`/inbox/conversations/${b2}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data.state).toBe('resolved');
    expect(await ids('view=resolved')).toEqual(['b2']);
    expect(await ids('view=needs_you')).toEqual(['a1']);
    expect((await counts()).needsYou).toBe(1);
    // The shopper writes again: back in "Needs you" (still handed over).
    await says(shopee, 'b2', 'customer', 'Hello? Anyone?', Date.now());
    expect((await rowOf('b2')).state).toBe('needs_you');
    expect(await ids('view=resolved')).toEqual([]);

    const a1 = (await rowOf('a1')).id;
    const past = await post(`/inbox/conversations/${a1}/snooze`, {
      until: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.until).toBe(words.inbox.snoozePast);
    const far = await post(`/inbox/conversations/${a1}/snooze`, {
      until: new Date(Date.now() + 31 * 24 * HOUR).toISOString(),
    });
    expect(far.json().error.fields.until).toBe(words.inbox.snoozeTooFar);
    expect((await post(`/inbox/conversations/${a1}/snooze`, { until: 'tomorrow' })).statusCode).toBe(400);
    const until = new Date(Date.now() + 2 * HOUR).toISOString();
    const snoozed = await post(`/inbox/conversations/${a1}/snooze`, { until });
    expect(snoozed.json().data).toMatchObject({ state: 'snoozed', snoozedUntil: until });
    expect(await ids('view=needs_you')).toEqual(['b2']);
    expect(await ids('view=all')).toContain('a1');
    await says(web, 'a1', 'customer', 'Still there?', Date.now() + 1);
    expect(await rowOf('a1')).toMatchObject({ state: 'needs_you', snoozedUntil: null });

    // A snooze whose time has passed wakes by itself, once, and the dashboards hear it.
    await post(`/inbox/conversations/${a1}/snooze`, { until: new Date(Date.now() + HOUR).toISOString() });
    await t.ctx.database.db
      .update(conversations)
      .set({ snoozedUntil: new Date(Date.now() - 1000) })
      .where(eq(conversations.id, a1));
    expect(await t.app.services.inbox.wakeSnoozed()).toBe(1);
    expect(await t.app.services.inbox.wakeSnoozed()).toBe(0);
    expect(await rowOf('a1')).toMatchObject({ state: 'needs_you', snoozedUntil: null });

    // Reopen by hand, and reopening what is open answers it as it is.
    await post(`/inbox/conversations/${a1}/resolve`);
    expect((await post(`/inbox/conversations/${a1}/reopen`)).json().data.state).toBe('needs_you');
    expect((await post(`/inbox/conversations/${a1}/reopen`)).json().data.state).toBe('needs_you');

    // The team answered both shoppers, so handing back leaves the bot nobody to answer
    // (hand-back.test.ts: a shopper still waiting gets the bot's answer).
    await says(shopee, 'b2', 'agent', 'Your refund is on its way.', Date.now() + 2);
    await says(web, 'a1', 'agent', 'Yes, we are here.', Date.now() + 3);
    const back = await post(`/inbox/conversations/${b2}/hand-back`);
    // The bot is in charge; the shop wrote last: waiting on the shopper, in the bot's view.
    expect(back.json().data).toMatchObject({
      state: 'waiting',
      botEnabled: true,
      botInherited: false,
      stateReason: null,
    });
    expect(await ids('view=bot')).toEqual(['b2', 'b1']);
    // Handed back in a shop whose switch is off: the override puts it in the bot's hands.
    expect((await post(`/inbox/conversations/${a1}/hand-back`)).json().data.state).toBe('waiting');
    expect(await ids('view=bot')).toEqual(['a1', 'b2', 'b1']);
    expect(await ids(`view=bot&shopId=${web}`)).toEqual(['a1']);
    // The one conversation, as a row.
    expect((await get(`/inbox/conversations/${b2}`)).json().data.state).toBe('waiting');
  });

  it("stops the countdown when the shop answers (the bot's answers count) and follows the shop's window", async () => {
    await says(shopee, 'b3', 'customer', 'When does the sale start?', base + 6000);
    expect((await rowOf('b3')).replyDueAt).toBe(new Date(base + 6000 + 12 * HOUR).toISOString());
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/inbox/response-windows/${shopee}`,
      headers: a.headers,
      payload: { hours: 2 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ shopId: shopee, channel: 'shopee', hours: 2 });
    expect(set.json().data.platformRule).toContain('12 hours');
    expect((await rowOf('b3')).replyDueAt).toBe(new Date(base + 6000 + 2 * HOUR).toISOString());
    await says(shopee, 'b3', 'bot', 'It starts on Friday.', base + 7000);
    expect((await rowOf('b3')).replyDueAt).toBeNull();
    // The next question starts a new countdown.
    await says(shopee, 'b3', 'customer', 'Thanks! And the discount?', base + 8000);
    expect((await rowOf('b3')).replyDueAt).toBe(new Date(base + 8000 + 2 * HOUR).toISOString());

    const put = (shopId: string, payload: object, headers = a.headers) =>
      t.app.inject({ method: 'PUT', url: `/api/inbox/response-windows/${shopId}`, headers, payload });
    expect((await put(shopee, { hours: 0 })).statusCode).toBe(400);
    expect((await put(shopee, { hours: 73 })).statusCode).toBe(400);
    expect((await put(web, { hours: 3 })).statusCode).toBe(422);
    expect((await put(shopee, { hours: null })).json().data.hours).toBeNull();
    expect((await rowOf('b3')).replyDueAt).toBe(new Date(base + 8000 + 12 * HOUR).toISOString());
  });

  it('keeps every route to the owner: another merchant gets 404 and none of its rows or counts', async () => {
    const own = (await list('view=all')).data;
    const theirs = await list('view=all', b.headers);
    expect(theirs.data.map((r) => r.shopId)).toEqual([other]);
    expect(theirs.data.some((r) => own.some((o) => o.id === r.id))).toBe(false);
    const id = own[0]!.id;
    for (const path of ['resolve', 'reopen', 'hand-back']) {
      expect((await post(`/inbox/conversations/${id}/${path}`, undefined, b.headers)).statusCode).toBe(404);
    }
    const snooze = await post(
      `/inbox/conversations/${id}/snooze`,
      { until: new Date(Date.now() + HOUR).toISOString() },
      b.headers,
    );
    expect(snooze.statusCode).toBe(404);
    expect((await get(`/inbox/conversations/${id}`, b.headers)).statusCode).toBe(404);
    expect((await get('/inbox/conversations/not-a-uuid')).statusCode).toBe(404);
    expect((await get(`/inbox/response-windows/${shopee}`, b.headers)).statusCode).toBe(404);
    // The owner's conversation did not change.
    expect((await get(`/inbox/conversations/${id}`)).json().data.state).toBe(own[0]!.state);
    // Unauthenticated: 401.
    expect((await t.app.inject({ url: '/api/inbox/counts' })).statusCode).toBe(401);
  });

  it('has the views of a whole day, each counted as it lists: a reply moves to Waiting, a snooze wakes into Needs you', async () => {
    const day = await createWebsiteShop(t.app, a.headers, 'Day shop');
    const views = ['needs_you', 'waiting', 'snoozed', 'unread', 'bot', 'resolved', 'all'] as const;
    const key = { needs_you: 'needsYou' } as Record<string, keyof InboxCounts>;
    const inView = async (view: string) => ids(`view=${view}&shopId=${day}&limit=100`);
    /** The shop's counts say what its views list, and the views list `expected`. */
    const expectViews = async (expected: Partial<Record<(typeof views)[number], string[]>>) => {
      const shopCounts = (await counts()).shops.find((s) => s.shopId === day)!;
      for (const view of views) {
        const listed = await inView(view);
        expect(shopCounts[(key[view] ?? view) as keyof typeof shopCounts], view).toBe(listed.length);
        if (expected[view]) expect(listed, view).toEqual(expected[view]);
      }
    };
    const now = Date.now();
    await says(day, 'd1', 'customer', 'Is this in stock?', now - 5000);
    await says(day, 'd2', 'customer', 'Do you ship to Ipoh?', now - 4000);
    await expectViews({ needs_you: ['d2', 'd1'], waiting: [], snoozed: [], all: ['d2', 'd1'] });
    // A person replies: from Needs you to Waiting on the shopper.
    await says(day, 'd2', 'agent', 'Yes, in 2 days.', now - 3000);
    await expectViews({ needs_you: ['d1'], waiting: ['d2'] });
    await says(day, 'd1', 'agent', 'Yes, we have it.', now - 2000);
    await expectViews({ needs_you: [], waiting: ['d1', 'd2'] });
    expect((await rowOf('d1')).state).toBe('waiting');

    // Snoozed: the soonest to wake first, paged with its own cursor, each showing its time.
    const d1 = (await rowOf('d1')).id;
    const d2 = (await rowOf('d2')).id;
    const inOneHour = new Date(now + HOUR).toISOString();
    await post(`/inbox/conversations/${d1}/snooze`, { until: new Date(now + 2 * HOUR).toISOString() });
    await post(`/inbox/conversations/${d2}/snooze`, { until: inOneHour });
    await expectViews({ snoozed: ['d2', 'd1'], waiting: [], needs_you: [], unread: [] });
    const first = await list(`view=snoozed&shopId=${day}&limit=1`);
    expect(first.data[0]).toMatchObject({ externalId: 'd2', state: 'snoozed', snoozedUntil: inOneHour });
    const second = await list(
      `view=snoozed&shopId=${day}&limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.data.map((r) => r.externalId)).toEqual(['d1']);
    expect(second.nextCursor).toBeNull();
    expect(
      (await get(`/inbox/conversations?view=waiting&cursor=${encodeURIComponent(first.nextCursor!)}`))
        .statusCode,
    ).toBe(400);

    // Its time comes: in Needs you at once (before the wake job), and after it, until someone writes.
    await t.ctx.database.db
      .update(conversations)
      .set({ snoozedUntil: new Date(Date.now() - 1000) })
      .where(eq(conversations.id, d2));
    await expectViews({ needs_you: ['d2'], snoozed: ['d1'], waiting: [] });
    expect(await t.app.services.inbox.wakeSnoozed()).toBe(1);
    await expectViews({ needs_you: ['d2'], snoozed: ['d1'], waiting: [] });
    expect(await rowOf('d2')).toMatchObject({ state: 'needs_you', snoozedUntil: null, lastFrom: 'staff' });
    await says(day, 'd2', 'agent', 'Your parcel left today.', Date.now());
    await expectViews({ needs_you: [], waiting: ['d2'] });

    // The shopper writes before the time: it wakes into Needs you.
    await says(day, 'd1', 'customer', 'Any news?', Date.now() + 1);
    await expectViews({ needs_you: ['d1'], snoozed: [], waiting: ['d2'] });
    // Snoozing again and reopening by hand leave no wake behind.
    await post(`/inbox/conversations/${d1}/snooze`, { until: inOneHour });
    await post(`/inbox/conversations/${d1}/reopen`);
    expect((await rowOf('d1')).state).toBe('needs_you'); // the shopper wrote last, the bot is off

    // Handed to the bot: in the bot's view, waiting while it answered last; resolved: Resolved.
    await says(day, 'd1', 'agent', 'Tomorrow.', Date.now() + 2);
    await post(`/inbox/conversations/${d1}/hand-back`);
    await expectViews({ bot: ['d1'], waiting: ['d1', 'd2'], needs_you: [] });
    await post(`/inbox/conversations/${d2}/resolve`);
    await expectViews({ resolved: ['d2'], waiting: ['d1'], all: ['d1', 'd2'] });
  });
});

describe('saved replies', () => {
  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
    headers = a.headers,
  ) => t.app.inject({ method, url: `/api/saved-replies${path}`, headers, ...(payload ? { payload } : {}) });

  it('creates, finds, edits and deletes per merchant, with one shortcut each', async () => {
    const created = await api('POST', '', { shortcut: 'ship', text: 'We ship within 2 working days.' });
    expect(created.statusCode, created.body).toBe(200);
    const saved = created.json().data;
    expect(saved).toMatchObject({ shortcut: 'ship', text: 'We ship within 2 working days.' });
    await api('POST', '', { shortcut: 'thanks', text: 'Thank you for shopping with us!' });

    const dup = await api('POST', '', { shortcut: 'ship', text: 'Another' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(words.inbox.shortcutTaken);
    // The same shortcut is free for another merchant.
    expect((await api('POST', '', { shortcut: 'ship', text: 'Theirs' }, b.headers)).statusCode).toBe(200);

    for (const bad of [
      { shortcut: 'Ship It', text: 'x' },
      { shortcut: '', text: 'x' },
      { shortcut: 'x'.repeat(33), text: 'x' },
      { shortcut: 'ok', text: '   ' },
      { shortcut: 'ok', text: 'x'.repeat(2001) },
      { shortcut: 'ok' },
    ]) {
      const res = await api('POST', '', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await api('POST', '', { shortcut: 'Ship It', text: 'x' })).json().error.fields.shortcut).toBe(
      words.inbox.shortcut,
    );

    expect((await api('GET', '')).json().data.map((r: { shortcut: string }) => r.shortcut)).toEqual([
      'ship',
      'thanks',
    ]);
    expect((await api('GET', '?q=tha')).json().data.map((r: { shortcut: string }) => r.shortcut)).toEqual([
      'thanks',
    ]);
    expect((await api('GET', '?q=working')).json().data.map((r: { shortcut: string }) => r.shortcut)).toEqual(
      ['ship'],
    );

    const renamed = await api('PATCH', `/${saved.id}`, { shortcut: 'shipping' });
    expect(renamed.json().data).toMatchObject({
      shortcut: 'shipping',
      text: 'We ship within 2 working days.',
    });
    expect((await api('PATCH', `/${saved.id}`, { shortcut: 'thanks' })).statusCode).toBe(409);
    expect((await api('PATCH', `/${saved.id}`, {})).statusCode).toBe(400);

    // Another merchant: 404 on every one of them, and its list has only its own.
    expect((await api('PATCH', `/${saved.id}`, { text: 'Stolen' }, b.headers)).statusCode).toBe(404);
    expect((await api('DELETE', `/${saved.id}`, undefined, b.headers)).statusCode).toBe(404);
    expect(
      (await api('GET', '', undefined, b.headers)).json().data.map((r: { text: string }) => r.text),
    ).toEqual(['Theirs']);

    expect((await api('DELETE', `/${saved.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/${saved.id}`)).statusCode).toBe(404);
    expect((await api('GET', '')).json().data.map((r: { shortcut: string }) => r.shortcut)).toEqual([
      'thanks',
    ]);
  });
});

describe('live inbox events', () => {
  const open = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const subscribe = (socket: Socket, channel: string) =>
    new Promise<boolean>((resolve) =>
      socket.emit(clientEvents.subscribe, channel, (r: { ok: boolean }) => resolve(r.ok)),
    );

  it("sends rows and counts to the merchant's room only, and scopes chats by shop (13.6)", async () => {
    const owner = await open(a.token);
    const stranger = await open(b.token);
    const seen = {
      owner: [] as string[],
      stranger: [] as string[],
      counts: [] as InboxCounts[],
      rows: [] as InboxRow[],
    };
    owner.on('inbox.updated', (e: { row: InboxRow }) => {
      seen.owner.push(e.row.externalId);
      seen.rows.push(e.row);
    });
    owner.on('inbox.counts', (c: InboxCounts) => seen.counts.push(c));
    stranger.on('inbox.updated', (e: { row: InboxRow }) => seen.stranger.push(e.row.shopId));
    stranger.on('inbox.counts', (c: InboxCounts) => seen.stranger.push(...c.shops.map((s) => s.shopId)));
    // The merchant room is joined on connect; another merchant's room cannot be joined.
    const merchantA = (await t.app.services.auth.authenticate(a.token))!;
    expect(await subscribe(stranger, channels.merchant(merchantA))).toBe(false);
    // Let both sockets finish joining their rooms.
    await new Promise((r) => setTimeout(r, 100));

    await says(web, 'live-1', 'customer', 'Is anyone there?', Date.now());
    await eventually(async () => {
      expect(seen.owner).toContain('live-1');
      expect(seen.counts.at(-1)?.needsYou).toBe((await counts()).needsYou);
    });
    expect(seen.rows.find((r) => r.externalId === 'live-1')).toMatchObject({
      state: 'needs_you',
      shopId: web,
    });
    const id = seen.rows.find((r) => r.externalId === 'live-1')!.id;
    await post(`/inbox/conversations/${id}/resolve`);
    await eventually(async () =>
      expect(seen.rows.at(-1)).toMatchObject({ externalId: 'live-1', state: 'resolved' }),
    );

    // The same website session id in both merchants' shops: two channels, each for its owner only.
    await says(other, 'same-session', 'customer', 'Mine (B)', Date.now());
    await says(web, 'same-session', 'customer', 'Mine (A)', Date.now());
    expect(await subscribe(stranger, channels.conversation(web, 'same-session'))).toBe(false);
    expect(await subscribe(stranger, channels.conversation(other, 'same-session'))).toBe(true);
    expect(await subscribe(owner, channels.conversation(web, 'same-session'))).toBe(true);
    expect(await subscribe(owner, channels.conversation(other, 'same-session'))).toBe(false);
    const strangerMessages: string[] = [];
    const ownerMessages: string[] = [];
    stranger.on('conversation.message', (e: { message: { content: { text?: string } } }) =>
      strangerMessages.push(String(e.message.content.text)),
    );
    owner.on('conversation.message', (e: { message: { content: { text?: string } } }) =>
      ownerMessages.push(String(e.message.content.text)),
    );
    await says(web, 'same-session', 'customer', 'Private to A', Date.now() + 1);
    await eventually(async () => expect(ownerMessages).toEqual(['Private to A']));
    await new Promise((r) => setTimeout(r, 300));
    expect(strangerMessages).toEqual([]);
    // Nothing of merchant A's reached merchant B: only B's own shop's row and counts did.
    expect(seen.stranger.length).toBeGreaterThan(0);
    expect(new Set(seen.stranger)).toEqual(new Set([other]));
    owner.close();
    stranger.close();
  });
});
