import { channels, clientEvents } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let token: string;
let shopId: string;
let url: string;

const shopRow = async () => (await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId)))[0]!;
const customerSays = async (conversation: string, id: string, text: string, at: number, name = 'Mei Ling') =>
  t.app.services.inbox.ingest(await shopRow(), {
    conversation: { externalId: conversation, customerId: `buyer-${conversation}`, customerName: name },
    message: { externalId: id, sender: 'customer', content: { kind: 'text', text }, sentAt: new Date(at) },
  });

beforeAll(async () => {
  t = await createTestApp();
  ({ headers, token } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});

const get = (path: string, h = headers) => t.app.inject({ url: path, headers: h });

describe('conversations', () => {
  it('stores a message once, keeps big ids as strings and never moves latest text backwards', async () => {
    const big = '709122092476686867123';
    expect(await customerSays(big, '2302748948493123953', 'hello', 2_000)).not.toBeNull();
    expect(await customerSays(big, '2302748948493123953', 'hello', 2_000)).toBeNull();
    await customerSays(big, '2302748948493123950', 'an older message', 1_000);
    const list = (await get(`/api/shopee/v1/${shopId}?direction=older&type=all&page_size=20`)).json().data;
    const row = list.conversations.find((c: { conversation_id: string }) => c.conversation_id === big);
    expect(row).toMatchObject({
      latest_message_content: { text: 'hello' },
      newMsg: true,
      unread_count: 2,
      is_enable: null,
    });
    expect(typeof row.last_message_timestamp).toBe('string');

    // An older reply of the shop's, caught up late, is stored and changes nothing else.
    const late = await t.app.services.inbox.ingest(await shopRow(), {
      conversation: { externalId: big, customerId: `buyer-${big}`, customerName: 'Mei Ling' },
      message: {
        externalId: '2302748948493123951',
        sender: 'agent',
        content: { kind: 'text', text: 'hi!' },
        sentAt: new Date(1_500),
      },
    });
    expect(late?.message.text).toBe('hi!');
    const after = (await get(`/api/shopee/v1/${shopId}?page_size=50`)).json().data;
    expect(
      after.conversations.find((c: { conversation_id: string }) => c.conversation_id === big),
    ).toMatchObject({
      latest_message_content: { text: 'hello' },
      unread_count: 2,
    });
  });

  it('pages with a keyset cursor, newest first, without gaps or repeats', async () => {
    for (let i = 0; i < 25; i++) await customerSays(`c${i}`, `m${i}`, `text ${i}`, 10_000 + (i % 5) * 1000);
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const res = (await get(`/api/shopee/v1/${shopId}?page_size=7${cursor}`)).json().data;
      seen.push(...res.conversations.map((c: { conversation_id: string }) => c.conversation_id));
      if (!res.page_result.more) break;
      const next = res.page_result.next_cursor;
      cursor = `&next_timestamp_nano=${next.next_message_time_nano}&cursor_id=${next.conversation_id}`;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(26);
    expect(seen[0]).toMatch(/^c(4|9|14|19|24)$/);
  });

  it('opens a conversation: messages oldest first, earlier pages by offset, marks it read', async () => {
    for (let i = 0; i < 30; i++) await customerSays('long', `long-${i}`, `line ${i}`, 100_000 + i * 1000);
    const first = (await get(`/api/shopee/v1/${shopId}/long?page_size=25`)).json().data;
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0].content.text).toBe('line 5');
    expect(first.messages[24].content.text).toBe('line 29');
    expect(first.messages[0].source).toBe('buyer');
    const earlier = (
      await get(`/api/shopee/v1/${shopId}/long?page_size=25&offset=${first.page_result.next_offset}`)
    ).json().data;
    expect(earlier.messages.map((m: { content: { kind: 'text'; text: string } }) => m.content.text)).toEqual(
      Array.from({ length: 5 }, (_, i) => `line ${i}`),
    );
    expect(earlier.page_result.next_offset).toBe('');
    const list = (await get(`/api/shopee/v1/${shopId}?page_size=100`)).json().data;
    expect(
      list.conversations.find((c: { conversation_id: string }) => c.conversation_id === 'long').newMsg,
    ).toBe(false);
    expect((await get(`/api/shopee/v1/${shopId}/long?offset=garbage`)).statusCode).toBe(400);
    expect((await get(`/api/shopee/v1/${shopId}/unknown-conversation`)).statusCode).toBe(404);
  });

  it('toggles the conversation bot and sends a manual reply that pauses the bot', async () => {
    await customerSays('reply', 'r1', 'is this in stock?', 500_000);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}/reply`,
      headers,
      payload: { status: true },
    });
    expect(on.json().data.is_enable).toBe(true);
    // Turning the bot on hands it the waiting question (it hands over, with a message to the
    // shopper): that job ends before the merchant writes here. A reply stored while the bot composes
    // is another case: the bot checks for a person's reply when it decides, not when it stores.
    await t.ctx.queue.idle();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${shopId}/reply`,
      headers,
      payload: { message: 'Yes, 12 left!' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({
      status: 'sent',
      source: 'seller',
      content: { kind: 'text', text: 'Yes, 12 left!' },
    });
    const list = (await get(`/api/shopee/v1/${shopId}?page_size=100`)).json().data;
    const row = list.conversations.find((c: { conversation_id: string }) => c.conversation_id === 'reply');
    expect(row).toMatchObject({
      is_enable: false,
      latest_message_content: { text: 'Yes, 12 left!' },
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${shopId}/reply`,
      headers,
      payload: { message: ' ' },
    });
    expect(empty.statusCode).toBe(400);
  });

  it('keeps every conversation call away from another merchant', async () => {
    const other = await signUp(t.app);
    for (const path of [
      `/api/shopee/v1/${shopId}`,
      `/api/lazada/v1/${shopId}`,
      `/api/shopee/v1/${shopId}/long`,
    ]) {
      expect((await get(path, other.headers)).statusCode).toBe(404);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}/long`,
      headers: other.headers,
      payload: { status: false },
    });
    expect(put.statusCode).toBe(404);
  });

  it('refuses a cursor that names no row, with a clear error', async () => {
    const res = await get(`/api/shopee/v1/${shopId}?next_timestamp_nano=1000000000&cursor_id=not-a-row`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ cursor_id: 'cursor_id is not a valid cursor' });
    const lazada = await get(`/api/lazada/v1/${shopId}?start_time=abc&cursor_id=${crypto.randomUUID()}`);
    expect(lazada.statusCode).toBe(400);
  });

  it('forgets a removed shop at once, although its reads were cached', async () => {
    const doomed = await createWebsiteShop(t.app, headers);
    expect((await get(`/api/shopee/v1/${doomed}`)).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/shopee/${doomed}`, headers });
    expect(removed.statusCode).toBe(200);
    expect((await get(`/api/shopee/v1/${doomed}`)).statusCode).toBe(404);
  });
});

describe('realtime', () => {
  const open = (authToken: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(url, {
        auth: { token: authToken },
        transports: ['websocket'],
        reconnection: false,
      });
      socket.on('connect', () => resolve(socket));
      socket.on('connect_error', reject);
    });
  const subscribe = (socket: Socket, channel: string) =>
    new Promise<boolean>((resolve) =>
      socket.emit(clientEvents.subscribe, channel, (r: { ok: boolean }) => resolve(r.ok)),
    );

  it('refuses a socket without a valid token', async () => {
    await expect(open('forged-token-forged-token-forged-token')).rejects.toThrow('unauthenticated');
  });

  it('delivers conversation and message events to the shop owner only', async () => {
    const owner = await open(token);
    const other = await signUp(t.app);
    const stranger = await open(other.token);
    expect(await subscribe(owner, channels.shop(shopId))).toBe(true);
    expect(await subscribe(owner, channels.conversation(shopId, 'live'))).toBe(false); // not a conversation yet
    expect(await subscribe(stranger, channels.shop(shopId))).toBe(false);
    const received = new Promise<{ conversation: { conversation_id: string } }>((resolve) =>
      owner.once('shop.conversation', resolve),
    );
    const row = await customerSays('live', 'live-1', 'hi there', 900_000);
    t.app.services.inbox.emitConversation(await shopRow(), row!.conversation);
    expect((await received).conversation.conversation_id).toBe('live');
    expect(await subscribe(owner, channels.conversation(shopId, 'live'))).toBe(true);
    expect(await subscribe(stranger, channels.conversation(shopId, 'live'))).toBe(false);
    owner.close();
    stranger.close();
  });
});
