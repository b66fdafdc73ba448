import { createHmac } from 'node:crypto';
import { createSandbox, type Sandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema.ts';
import { createInjectFetch } from '../../http/inject-fetch.ts';
import { connectToStandaloneShopee, freePort } from '../../test/standalone-sandbox.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { firstSyncJob } from '../shops/shops.jobs.ts';
import { repairGapsJob } from '../webhooks/webhooks.jobs.ts';

/*
 * Pushes get lost (our webhook unreachable for a while); the scheduled gap-repair job then reads the
 * platform's lists and brings in what was missed: a conversation we never heard of, and the later
 * messages of one we had, each exactly once and in the platform's order.
 *
 * The sandbox runs as its own server here, as with several API processes, so that its push delivery
 * can be cut: while `online` is false every push fails, and with no retries it counts as lost.
 */

const SHOP = '947042987';
const webhookUrl = 'http://localhost:3000/api/webhooks/shopee';

let t: TestApp | undefined;
let sandbox: Sandbox;
let headers: Record<string, string>;
let shopId: string;
let online = true;
let connectedAt: Date;
// Shopee stamps messages in whole seconds: the sandbox's clock moves a second per shopper message, so
// the expected order is the platform's and never a tie.
let skewMs = 0;

const toApp = createInjectFetch(() => t?.app, 'http://localhost:3000');
const pushFetch: typeof fetch = async (input, init) => {
  if (!online) throw new TypeError('fetch failed');
  return toApp(input, init);
};

beforeAll(async () => {
  const port = await freePort();
  const sandboxUrl = `http://127.0.0.1:${port}`;
  sandbox = await createSandbox({
    publicUrl: sandboxUrl,
    shopee: { ...sandboxDefaults.shopee, webhookUrl },
    lazada: { ...sandboxDefaults.lazada },
    fetch: pushFetch,
    now: () => Date.now() + skewMs,
    pushRetryDelaysMs: [],
  });
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  t = await createTestApp({
    SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
    SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
    SHOPEE_BASE_URL: `${sandboxUrl}/shopee`,
  });
  const app = t.app;
  ({ headers } = await signUp(app));

  // Connect the demo shop: create it, approve it on the sandbox's page, follow the callback.
  connectedAt = new Date();
  shopId = await connectToStandaloneShopee(
    app,
    headers,
    { app: sandbox.app, url: sandboxUrl },
    SHOP,
    'My Shopee shop',
  );
  // The bot stays quiet: the conversations hold only what the shopper wrote.
  const off = await app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: false },
  });
  if (off.statusCode !== 200) throw new Error(`bot off: ${off.body}`);
  await t.ctx.queue.idle();
});
afterAll(async () => {
  await sandbox?.app.close();
  await t?.close();
});

async function shopperSays(buyerId: string, text: string) {
  skewMs += 1000;
  return sandbox.shopperSend({ platform: 'shopee', shopId: SHOP, buyerId, text });
}

/** The platform's own view of a conversation: message ids, oldest first. */
function platformIds(conversationId: string) {
  const c = sandbox.state.data.shopee.conversations.find((x) => x.id === conversationId);
  if (!c) throw new Error(`no conversation ${conversationId} on the platform`);
  return c.messages.map((m) => m.id);
}

async function ourMessages(conversationId: string) {
  const res = await t!.app.inject({
    url: `/api/shopee/v1/${shopId}/${conversationId}?page_size=50`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { messages: { message_id: string; content: { text?: string } }[] }).messages;
}

async function ourConversations() {
  const res = await t!.app.inject({ url: `/api/shopee/v1/${shopId}?page_size=100`, headers });
  return (
    res.json().data as {
      conversations: { conversation_id: string; latest_message_content: { text: string } }[];
    }
  ).conversations;
}

const storedCount = async () =>
  (await t!.ctx.database.db.select({ id: messages.id }).from(messages).where(eq(messages.shopId, shopId)))
    .length;

async function repairGaps() {
  const { ctx } = t!;
  await ctx.queue.enqueue(repairGapsJob, {});
  await ctx.queue.idle();
}

describe('backfill after lost pushes', () => {
  it('brings in a missed conversation and the missed messages of a known one, once each and in order', async () => {
    // One conversation reaches us while the webhook is up.
    const known = await shopperSays('880033', 'Hi, do you ship to Penang?');
    expect(known.push).toBe('delivered');
    await t!.ctx.queue.idle();
    expect((await ourMessages(known.conversationId)).map((m) => m.message_id)).toEqual([known.messageId]);

    // Then every push is lost: more lines in that conversation, and a whole new conversation.
    online = false;
    const missed = [
      await shopperSays('880033', 'How long does it take?'),
      await shopperSays('880011', 'Is the romper available in 6-12M?'),
      await shopperSays('880033', 'And is there a tracking number?'),
      await shopperSays('880011', 'Mint or Peach please'),
    ];
    expect(missed.map((m) => m.push)).toEqual(['retrying', 'retrying', 'retrying', 'retrying']);
    await sandbox.state.pushes.idle();
    expect(sandbox.state.data.shopee.lostPushes).toHaveLength(4);
    const fresh = missed[1]!.conversationId;
    expect(fresh).not.toBe(known.conversationId);
    await t!.ctx.queue.idle();
    expect((await ourConversations()).map((c) => c.conversation_id)).not.toContain(fresh);
    expect(await ourMessages(known.conversationId)).toHaveLength(1);
    online = true;
    const lostBodies = sandbox.state.data.shopee.lostPushes.map((lost) => lost.data);

    await repairGaps();
    // Shopee's lost-push list was replayed and confirmed: it is empty now.
    expect(sandbox.state.data.shopee.lostPushes).toEqual([]);

    const knownIds = platformIds(known.conversationId);
    const freshIds = platformIds(fresh);
    expect(knownIds).toHaveLength(3);
    expect(freshIds).toHaveLength(2);
    expect((await ourMessages(known.conversationId)).map((m) => m.message_id)).toEqual(knownIds);
    expect((await ourMessages(fresh)).map((m) => m.content.text)).toEqual([
      'Is the romper available in 6-12M?',
      'Mint or Peach please',
    ]);
    expect((await ourMessages(fresh)).map((m) => m.message_id)).toEqual(freshIds);
    const list = await ourConversations();
    expect(list.find((c) => c.conversation_id === fresh)?.latest_message_content.text).toBe(
      'Mint or Peach please',
    );
    expect(list.find((c) => c.conversation_id === known.conversationId)?.latest_message_content.text).toBe(
      'And is there a tracking number?',
    );

    // Running again, or the lost pushes arriving after all (Shopee's lost-push replay), adds nothing.
    const before = await storedCount();
    await repairGaps();
    expect(lostBodies).toHaveLength(4);
    for (const body of lostBodies) {
      const signature = createHmac('sha256', sandboxDefaults.shopee.partnerKey)
        .update(`${webhookUrl}|${body}`)
        .digest('hex');
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/webhooks/shopee',
        headers: { 'content-type': 'application/json', authorization: signature },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    await t!.ctx.queue.idle();
    expect(await storedCount()).toBe(before);
    expect((await ourMessages(known.conversationId)).map((m) => m.message_id)).toEqual(knownIds);
    expect((await ourMessages(fresh)).map((m) => m.message_id)).toEqual(freshIds);
  });

  it('brings in a burst longer than a page of messages from the lost-push list', async () => {
    online = false;
    const burst = [];
    for (let i = 1; i <= 30; i++) burst.push(await shopperSays('880044', `question ${i}`));
    await sandbox.state.pushes.idle();
    online = true;
    const conversationId = burst[0]!.conversationId;
    expect(sandbox.state.data.shopee.lostPushes).toHaveLength(30);

    await repairGaps();

    // The list calls read 25 messages a conversation; the lost-push list holds all 30.
    const ours = await ourMessages(conversationId);
    expect(ours.map((m) => m.message_id)).toEqual(platformIds(conversationId));
    expect(ours.slice(-30).map((m) => m.content.text)).toEqual(burst.map((_, i) => `question ${i + 1}`));
    expect(sandbox.state.data.shopee.lostPushes).toEqual([]);
  });

  it("answers what a shopper wrote since the shop was connected when the shop's first import, run again after a restart, stores it before its push", async () => {
    const on = await t!.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    expect(on.statusCode).toBe(200);
    // Turning the bot on answers the shoppers already waiting (issue 26.1); counted from after that.
    await t!.ctx.queue.idle();
    const before = await t!.ctx.database.db.select().from(messages).where(eq(messages.sender, 'bot'));
    sandbox.state.data.shopee.buyers.push({ id: '880055', name: 'Nadia' });
    online = false;
    const asked = await shopperSays('880055', 'Do you have the stroller in grey?');
    await sandbox.state.pushes.idle();
    await t!.ctx.queue.enqueue(firstSyncJob, { shopId, authorizedAt: connectedAt.toISOString() });
    await t!.ctx.queue.idle();
    online = true;

    // The shopper got one answer; the chats from before the connection (imported again) got none.
    const fromShop = sandbox.state.data.shopee.conversations
      .find((c) => c.id === asked.conversationId)!
      .messages.filter((m) => m.from === 'shop');
    expect(fromShop).toHaveLength(1);
    const bot = await t!.ctx.database.db.select().from(messages).where(eq(messages.sender, 'bot'));
    expect(bot.length - before.length).toBe(1);
  });
});
