import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/marketplace-flow.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { createFakeDefinition, signFakePush } from './fake.platform.ts';
import { type FakeEndpoint, startFakeEndpoint } from './fake-endpoint.ts';

// A third platform, registered here only: nothing outside this folder names it. It goes through
// the generic flows: connect (authorize, callback), push, the bot's answer, the send.
const SHOP = 'fake-shop-7';
let endpoint: FakeEndpoint;
let t: TestApp;

beforeAll(async () => {
  endpoint = await startFakeEndpoint(SHOP);
  t = await createTestApp({}, { platforms: [createFakeDefinition(endpoint)] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await endpoint?.close();
});

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

const pushOf = (id: string, text: string) =>
  JSON.stringify({
    shop_id: SHOP,
    message: {
      id,
      conversation_id: 'conv-1',
      from: { id: 'buyer-9', name: 'Nurul' },
      text,
      sent_at: Date.now(),
    },
  });

describe('a platform registered from its own folder', () => {
  it('connects a shop, takes a push, and sends the bot answer through its adapter', async () => {
    const { headers } = await signUp(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/fake',
      headers,
      payload: {
        name: 'My fake shop',
        person_name: 'Aisyah',
        person_email: 'aisyah@example.com',
        person_phone: '012-345 6789',
        redirect: 'http://localhost:3000/dashboard/addshop/complete',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id: shopId, authUrl } = created.json().data as { id: string; authUrl: string };
    expect(authUrl.startsWith(`${endpoint.baseUrl}/authorize?`)).toBe(true);

    // The merchant approves on the platform, which sends the browser back to our callback.
    const approved = await fetch(authUrl, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const callbackUrl = String(approved.headers.get('location'));
    expect(pathOf(callbackUrl).startsWith('/api/fake/callback?')).toBe(true);
    const callback = await t.app.inject({ url: pathOf(callbackUrl) });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(
      `http://localhost:3000/dashboard/addshop/complete?shopId=${shopId}`,
    );

    // Trained through the normal API, bot on.
    const topic = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopId}/gpt`,
      headers,
      payload: { name: 'Shipping' },
    });
    expect(topic.statusCode, topic.body).toBe(200);
    const answers = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopId}/gpt/${topic.json().data.id}/response`,
      headers,
      payload: ['Shipping is free for orders above RM120.', 'Orders arrive in 1 to 3 working days.'],
    });
    expect(answers.statusCode, answers.body).toBe(200);
    // The merchant turns the bot on in the shop's settings; the answer names the shop's platform.
    const switched = await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data).toMatchObject({ id: shopId, providerName: 'fake', defaultBotStatus: true });
    const listed = await t.app.inject({ url: '/api/shopee', headers });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: shopId, providerName: 'fake' })]);
    await t.ctx.queue.idle(60_000);

    // A forged push is refused; a signed one is taken, and the bot's answer goes out on the platform.
    const body = pushOf('m-1', 'Is shipping free?');
    const send = (authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/fake',
        headers: { 'content-type': 'application/json', authorization },
        payload: body,
      });
    expect((await send('0'.repeat(64))).statusCode).toBe(401);
    expect(endpoint.sent).toEqual([]);
    expect((await send(signFakePush(endpoint.secret, body))).statusCode).toBe(200);
    const [reply] = await eventually(async () => {
      expect(endpoint.sent).toHaveLength(1);
      return endpoint.sent;
    }, 60_000);
    expect(reply).toMatchObject({ shopId: SHOP, conversationId: 'conv-1', to: 'buyer-9' });
    expect(reply?.text).toContain('RM120');

    // The inbox lists the chat under its platform, and filters by it.
    const inbox = await t.app.inject({ url: '/api/inbox/conversations?channel=fake', headers });
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().data).toEqual([
      expect.objectContaining({ shopId, channel: 'fake', shopperName: 'Nurul' }),
    ]);
  }, 240_000);
});
