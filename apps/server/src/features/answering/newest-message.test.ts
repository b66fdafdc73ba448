import { writtenTextOf } from '@balas/contracts';
import { createSandbox, type Sandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversations, messages } from '../../db/schema.ts';
import { createInjectFetch } from '../../http/inject-fetch.ts';
import type { IncomingMessage } from '../../platforms/platform.ts';
import { eventually } from '../../test/marketplace-flow.ts';
import { connectToStandaloneShopee, freePort } from '../../test/standalone-sandbox.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

/*
 * The bot answers the newest of a shopper's unanswered messages, with the earlier ones as its
 * context, never an older one instead; and a follow-up ("and to Sabah?") is answered about the
 * subject the conversation carries. Through Shopee pushes (the sandbox runs as its own server here,
 * so that a push's delivery can be held back), the website chat and the simulator.
 */

const SHOP = '947042923';
const webhookUrl = 'http://localhost:3000/api/webhooks/shopee';
const THANKS = "Ok thank you, I'll order now";
const QUESTION = 'How long does delivery take to Penang?';
const ANSWER_TO_QUESTION = /1 to 3 working days/;

const KNOWLEDGE: [name: string, about: string, facts: string[]][] = [
  [
    'Delivery time',
    'How many days delivery takes, how long until the parcel arrives.',
    [
      'Delivery to West Malaysia (Penang, Selangor, Johor) takes 1 to 3 working days.',
      'Delivery to Sabah and Sarawak takes 4 to 7 working days.',
    ],
  ],
  [
    'Shipping fee',
    'What shipping costs.',
    ['Shipping costs RM8 to West Malaysia and RM15 to Sabah and Sarawak. Free above RM120.'],
  ],
  [
    'Payment',
    'Payment methods: COD, bank transfer.',
    ['COD is accepted in West Malaysia only, not in Sabah and Sarawak.'],
  ],
];
// Three turns: the third, asked alone, is answered about COD; after the second, about delivery.
const FOLLOW_UP: [question: string, reply: RegExp] = [
  'and to Sabah?',
  /Delivery to Sabah and Sarawak takes 4 to 7 working days/,
];
const TURNS: [question: string, reply: RegExp][] = [
  ['Do you accept cash on delivery?', /COD is accepted in West Malaysia only/],
  [QUESTION, ANSWER_TO_QUESTION],
  FOLLOW_UP,
];

let t: TestApp | undefined;
let sandbox: Sandbox;
let headers: Record<string, string>;
let shopeeId: string;
let websiteId: string;
/** While set, the sandbox's clock stands still (Shopee stamps messages in whole seconds). */
let clock: number | undefined;
/** A push whose delivery waits (the platform's first attempt was slow), by a text it carries. */
let held: { text: string; until: Promise<void> } | undefined;

const toApp = createInjectFetch(() => t?.app, 'http://localhost:3000');
const pushFetch: typeof fetch = async (input, init) => {
  if (held && String(init?.body ?? '').includes(held.text)) await held.until;
  return toApp(input, init);
};

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function teach(shopId: string) {
  for (const [name, about, facts] of KNOWLEDGE) {
    const topic = await t!.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopId}/gpt`,
      headers,
      payload: { name },
    });
    const id = topic.json().data.id as string;
    for (const [path, payload] of [
      ['information', [about]],
      ['response', facts],
    ] as const) {
      const res = await t!.app.inject({
        method: 'POST',
        url: `/api/shopee/${shopId}/gpt/${id}/${path}`,
        headers,
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
  }
}

async function shopBot(shopId: string, on: boolean) {
  const res = await t!.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: on },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  const port = await freePort();
  const sandboxUrl = `http://127.0.0.1:${port}`;
  sandbox = await createSandbox({
    publicUrl: sandboxUrl,
    shopee: { ...sandboxDefaults.shopee, webhookUrl },
    lazada: { ...sandboxDefaults.lazada },
    fetch: pushFetch,
    now: () => clock ?? Date.now(),
  });
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  t = await createTestApp({
    SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
    SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
    SHOPEE_BASE_URL: `${sandboxUrl}/shopee`,
  });
  ({ headers } = await signUp(t.app));
  shopeeId = await connectToStandaloneShopee(t.app, headers, { app: sandbox.app, url: sandboxUrl }, SHOP);
  websiteId = await createWebsiteShop(t.app, headers);
  await t.ctx.queue.idle();
  for (const id of [shopeeId, websiteId]) {
    await teach(id);
    await shopBot(id, true);
  }
  // Turning the bot on answered the demo chats whose shopper was waiting (issue 26.1).
  await settle();
});
afterEach(() => {
  clock = undefined;
  held = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await sandbox?.app.close();
  await t?.close();
});

/** Everything settled: pushes delivered (the bot's echoes too) and every job done. */
async function settle() {
  for (let i = 0; i < 3; i++) {
    await sandbox.state.pushes.idle();
    await t!.ctx.queue.idle();
  }
}

const say = (buyerId: string, text: string) =>
  sandbox.shopperSend({ platform: 'shopee', shopId: SHOP, buyerId, text });

/** What the shop sent the buyer on the platform, oldest first. */
function shopLines(buyerId: string): string[] {
  const c = sandbox.state.data.shopee.conversations.find((x) => x.shopId === SHOP && x.buyerId === buyerId);
  return (c?.messages ?? [])
    .filter((m) => m.from === 'shop' && m.source === 'openapi' && m.body.type === 'text')
    .map((m) => (m.body as { text: string }).text);
}

/** Our bot replies in a conversation, each with the text of the shopper message it answers. */
async function botReplies(shopId: string, externalId: string) {
  const db = t!.ctx.database.db;
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.shopId, shopId), eq(conversations.externalId, externalId)));
  const rows = await db.select().from(messages).where(eq(messages.conversationId, conversation!.id));
  return rows
    .filter((r) => r.sender === 'bot')
    .map((r) => ({ text: r.text, answers: rows.find((q) => q.id === r.replyTo)?.text }));
}

/** Two lines written in one second, the second one's push delivered (and handled) first. */
async function twoLinesOutOfOrder(buyerId: string) {
  const release = deferred();
  clock = Math.floor(Date.now() / 1000) * 1000 + 100;
  held = { text: THANKS, until: release.promise };
  const first = say(buyerId, THANKS);
  const second = await say(buyerId, QUESTION);
  clock = undefined;
  expect(second.push).toBe('delivered');
  await t!.ctx.queue.idle();
  release.resolve();
  expect((await first).push).toBe('delivered');
  await settle();
  return second.conversationId;
}

describe('the newest message, through Shopee pushes', () => {
  it('answers the question, never the thanks written before it in the same second and pushed last', async () => {
    const conversationId = await twoLinesOutOfOrder('880033');
    const lines = shopLines('880033');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(ANSWER_TO_QUESTION);
    expect(await botReplies(shopeeId, conversationId)).toEqual([
      { text: expect.stringMatching(ANSWER_TO_QUESTION), answers: QUESTION },
    ]);
  });

  it('answers the newest line once the bot is put in charge, whichever line was stored last', async () => {
    await shopBot(shopeeId, false);
    try {
      const conversationId = await twoLinesOutOfOrder('880044');
      expect(shopLines('880044')).toEqual([]);
      // Hand the conversation to the bot: the shopper who waits is answered, about the question.
      const on = await t!.app.inject({
        method: 'PUT',
        url: `/api/shopee/v1/${shopeeId}/${conversationId}`,
        headers,
        payload: { status: true },
      });
      expect(on.statusCode).toBe(200);
      await settle();
      expect(await botReplies(shopeeId, conversationId)).toEqual([
        { text: expect.stringMatching(ANSWER_TO_QUESTION), answers: QUESTION },
      ]);
    } finally {
      await shopBot(shopeeId, true);
    }
  });

  async function conversation(buyerId: string, turns: [string, RegExp][]) {
    const before = shopLines(buyerId).length;
    for (const [i, [text, expected]] of turns.entries()) {
      await say(buyerId, text);
      const reply = await eventually(async () => {
        const lines = shopLines(buyerId);
        expect(lines).toHaveLength(before + i + 1);
        return lines[before + i]!;
      });
      expect(reply).toMatch(expected);
      await settle();
    }
  }

  it('carries the subject of the conversation into a follow-up', async () => {
    await conversation('880022', [['Hi', /^Hi/], [QUESTION, ANSWER_TO_QUESTION], FOLLOW_UP]);
  });

  it('carries the subject into a follow-up after a change of subject', async () => {
    // The demo chat of this buyer was handed over when the bot was switched on: hand it back.
    const conversationId = sandbox.state.data.shopee.conversations.find(
      (x) => x.shopId === SHOP && x.buyerId === '880011',
    )!.id;
    const back = await t!.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopeeId}/${conversationId}`,
      headers,
      payload: { status: true },
    });
    expect(back.statusCode).toBe(200);
    await settle();
    await conversation('880011', TURNS);
  });
});

describe('the newest message, through the website chat', () => {
  const post = (sessionId: string, query: string) =>
    t!.app.inject({ method: 'POST', url: `/api/website/v1/${websiteId}`, payload: { query, sessionId } });

  it('answers the question, not the thanks posted just before it, when both are in flight at once', async () => {
    const session = 'AtOnce000001';
    // Both posts in the same millisecond, the first one stored last (as a connection pool or a
    // second API process may commit them): each waits for the other to be stored.
    vi.useFakeTimers({ toFake: ['Date'] });
    const inbox = t!.app.services.inbox;
    const receive = inbox.receive;
    const thanksStored = deferred();
    const questionStored = deferred();
    const textOf = (incoming: IncomingMessage) => writtenTextOf(incoming.message.content);
    vi.spyOn(inbox, 'receive').mockImplementation(async (shop, incoming, options) => {
      if (textOf(incoming) === THANKS) {
        await questionStored.promise;
        const stored = await receive(shop, incoming, options);
        thanksStored.resolve();
        return stored;
      }
      const stored = await receive(shop, incoming, options);
      questionStored.resolve();
      await thanksStored.promise;
      return stored;
    });
    const [thanks, question] = await Promise.all([post(session, THANKS), post(session, QUESTION)]);
    vi.useRealTimers();
    expect(question.json().data.response).toMatch(ANSWER_TO_QUESTION);
    expect(thanks.json().data).toMatchObject({ response: '', messageId: null });
    expect(await botReplies(websiteId, session)).toEqual([
      { text: expect.stringMatching(ANSWER_TO_QUESTION), answers: QUESTION },
    ]);
  });

  it('carries the subject of the conversation into a follow-up', async () => {
    for (const [question, reply] of TURNS) {
      expect((await post('ThreeTurns01', question)).json().data.response).toMatch(reply);
    }
  });
});

describe('the newest message, in the simulator', () => {
  // The website shop: topics only, no catalogue (see the engine gap above).
  it('carries the subject of the conversation into a follow-up', async () => {
    const ask = async (question: string) => {
      const res = await t!.app.inject({
        method: 'POST',
        url: '/api/shopee/v1/lang_chain_push',
        headers,
        payload: { question, shopId: websiteId, conversation: '77770001' },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.result as string;
    };
    for (const [question, reply] of TURNS) expect(await ask(question)).toMatch(reply);
  });
});
