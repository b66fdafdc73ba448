import type { BotDraft, InboxCounts, InboxPage, InboxRow } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botDrafts, conversations } from '../../db/schema.ts';
import { connectShop, eventually, shopperSays, shopperSees } from '../../test/marketplace-flow.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

// Draft mode through HTTP against the real database and the mounted Shopee sandbox: the shopper
// sees nothing of the bot's reply until a person sends it, and it goes out once.

const SHOP = '947042987';
let t: TestApp;
let headers: Record<string, string>;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers, shopId } = await trainedShop());
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;

/** A merchant's Shopee shop trained on delivery, drafting every answer, with its bot on. */
async function trainedShop() {
  const { headers } = await signUp(t.app);
  const { id: shopId } = await connectShop(t.app, headers, 'shopee', SHOP);
  const topic = await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt`,
    headers,
    payload: { name: 'Shipping' },
  });
  const topicId = topic.json().data.id;
  await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt/${topicId}/response`,
    headers,
    payload: [
      'Orders within West Malaysia arrive in 1 to 3 working days. Sabah and Sarawak take 4 to 7 working days.',
      'Shipping is free for orders above RM120.',
    ],
  });
  await draftMode(headers, shopId, 'always');
  const on = await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  await t.ctx.queue.idle(30_000);
  return { headers, shopId };
}

async function draftMode(headers: Headers, shopId: string, mode: 'always' | 'unsure', below?: number) {
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/inbox/draft-modes/${shopId}`,
    headers,
    payload: { mode, ...(below !== undefined ? { below } : {}) },
  });
  expect(set.statusCode, set.body).toBe(200);
}

async function rowOf(headers: Headers, shopId: string, shopperName: string) {
  const page = (
    await t.app.inject({ url: `/api/inbox/conversations?view=all&shopId=${shopId}`, headers })
  ).json() as InboxPage;
  const row = page.data.find((r) => r.shopperName === shopperName);
  if (!row) throw new Error(`no conversation of ${shopperName} yet`);
  return row;
}

const draftsOf = async (headers: Headers, conversationId: string) =>
  (
    (await t.app.inject({ url: `/api/inbox/conversations/${conversationId}/drafts`, headers })).json() as {
      data: BotDraft[];
    }
  ).data;

const counts = async (headers: Headers) =>
  ((await t.app.inject({ url: '/api/inbox/counts', headers })).json() as { data: InboxCounts }).data;

const shopReplies = async (buyer: string) =>
  (await shopperSees(t.app, 'shopee', SHOP, buyer)).filter((m) => m.from === 'shop');

/** The shopper writes; the bot drafts. Returns the chat's row and its draft. */
async function drafted(buyer: string, name: string, text: string) {
  const before = (await shopReplies(buyer)).length;
  const asked = Date.now();
  await shopperSays(t.app, 'shopee', SHOP, buyer, text);
  const row = await eventually(async () => {
    const r = await rowOf(headers, shopId, name);
    if (r.lastMessage !== text) throw new Error('not stored yet');
    return r;
  });
  const [draft] = await eventually(async () => {
    const list = await draftsOf(headers, row.id);
    if (!list[0] || Date.parse(list[0].createdAt) < asked) throw new Error('no draft yet');
    return list;
  }, 20_000);
  await t.ctx.queue.idle(30_000);
  expect((await shopReplies(buyer)).length).toBe(before);
  return { row: await rowOf(headers, shopId, name), draft: draft! };
}

describe('draft mode "always"', () => {
  it('keeps the reply as a draft in the Drafts view until a person sends it, edited, once', async () => {
    const before = await shopReplies('880033');
    const { row, draft } = await drafted('880033', 'Rajesh Kumar', 'How long does delivery to Penang take?');
    expect(draft.text).toMatch(/working days/);
    expect(draft.dueAt).not.toBeNull();
    expect(row.state).toBe('draft');
    expect(row.views).toContain('drafts');
    expect(row.views).not.toContain('needs_you');
    const listed = (
      await t.app.inject({ url: `/api/inbox/conversations?view=drafts&shopId=${shopId}`, headers })
    ).json() as InboxPage;
    expect(listed.data.map((r) => r.id)).toContain(row.id);
    const draftsBefore = (await counts(headers)).drafts;
    expect(draftsBefore).toBeGreaterThanOrEqual(1);

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/conversations/${row.id}/drafts/${draft.id}/send`,
      headers,
      payload: { text: 'Hi Rajesh! Penang takes 1 to 3 working days.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { data: InboxRow }).data).toMatchObject({ state: 'waiting', lastFrom: 'bot' });
    const replies = await shopReplies('880033');
    expect(replies.map((m) => m.content.text)).toEqual([
      ...before.map((m) => m.content.text),
      'Hi Rajesh! Penang takes 1 to 3 working days.',
    ]);
    expect((await counts(headers)).drafts).toBe(draftsBefore - 1);
    const [stored] = await t.ctx.database.db.select().from(botDrafts).where(eq(botDrafts.id, draft.id));
    expect(stored).toMatchObject({ outcome: 'edited' });
    expect(stored!.messageId).not.toBeNull();

    // A second approval (another tab): refused, nothing more reaches the shopper.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/conversations/${row.id}/drafts/${draft.id}/send`,
      headers,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(await draftsOf(headers, row.id)).toEqual([]);
    expect(await shopReplies('880033')).toHaveLength(before.length + 1);
  }, 90_000);

  it('discards: nothing is sent and the shopper waits for a person', async () => {
    const before = await shopReplies('880044');
    const { row, draft } = await drafted('880044', 'Siti Rahmah', 'Is shipping free?');
    const discarded = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/conversations/${row.id}/drafts/${draft.id}/discard`,
      headers,
    });
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect((discarded.json() as { data: InboxRow }).data).toMatchObject({ state: 'needs_you' });
    expect(await draftsOf(headers, row.id)).toEqual([]);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/conversations/${row.id}/drafts/${draft.id}/send`,
      headers,
      payload: {},
    });
    expect(late.statusCode).toBe(409);
    expect(await shopReplies('880044')).toEqual(before);
  }, 90_000);

  it("raises the chat in Needs you when the response window runs low, and a person's reply replaces the draft", async () => {
    const sentBefore = await shopReplies('880033');
    const { row, draft } = await drafted('880033', 'Rajesh Kumar', 'Do you ship to Sabah?');
    // The window runs low (the time the draft was given passes).
    await t.ctx.database.db
      .update(conversations)
      .set({ draftUntil: new Date(Date.now() - 1000) })
      .where(eq(conversations.id, row.id));
    // Nothing was written then: the scheduled pass tells the dashboards (and the merchant's phone).
    const told: InboxRow[] = [];
    t.app.services.inbox.watch((_shop, changed) => {
      if (changed.id === row.id) told.push(changed);
    });
    expect(await t.app.services.inbox.raiseDueDrafts(60_000)).toBeGreaterThanOrEqual(1);
    expect(told.map((r) => r.state)).toEqual(['needs_you']);
    const low = await rowOf(headers, shopId, 'Rajesh Kumar');
    expect(low.state).toBe('needs_you');
    expect(low.views).toEqual(expect.arrayContaining(['needs_you', 'drafts']));
    const c = await counts(headers);
    expect(c.drafts).toBeGreaterThanOrEqual(1);
    expect(c.needsYou).toBeGreaterThanOrEqual(1);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${shopId}/${row.externalId}`,
      headers,
      payload: { message: 'Yes, Sabah takes 4 to 7 working days.' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await draftsOf(headers, row.id)).toEqual([]);
    const [stored] = await t.ctx.database.db.select().from(botDrafts).where(eq(botDrafts.id, draft.id));
    expect(stored).toMatchObject({ outcome: 'replaced' });
    expect((await rowOf(headers, shopId, 'Rajesh Kumar')).state).toBe('waiting');
    const after = await counts(headers);
    expect(after.drafts).toBe(c.drafts - 1);
    expect(after.needsYou).toBe(c.needsYou - 1);
    expect((await shopReplies('880033')).map((m) => m.content.text).at(-1)).toBe(
      'Yes, Sabah takes 4 to 7 working days.',
    );
    expect(await shopReplies('880033')).toHaveLength(sentBefore.length + 1);
  }, 90_000);
});

describe('draft mode "only when unsure"', () => {
  it('sends what the bot is sure of and drafts the rest, with the handover and its summary', async () => {
    await draftMode(headers, shopId, 'unsure', 0.5);
    const answered = await shopReplies('880044');
    await shopperSays(t.app, 'shopee', SHOP, '880044', 'How long does delivery to Sabah take?');
    await eventually(async () => {
      const replies = await shopReplies('880044');
      if (replies.length <= answered.length) throw new Error('no answer yet');
    }, 20_000);
    const sure = await rowOf(headers, shopId, 'Siti Rahmah');
    expect(await draftsOf(headers, sure.id)).toEqual([]);

    const { row, draft } = await drafted(
      '880011',
      'Nur Aisyah',
      'Can you recommend a good paediatrician near Cheras?',
    );
    expect(draft.confidence).toBeLessThan(0.5);
    expect(draft.handover).not.toBeNull();
    expect(row.state).toBe('needs_you');
    const summary = (
      await t.app.inject({ url: `/api/inbox/conversations/${row.id}/handover-summary`, headers })
    ).json() as { data: { summary: { questions: { text: string }[]; reason: string } | null } };
    expect(summary.data.summary?.questions.map((q) => q.text)).toContain(
      'Can you recommend a good paediatrician near Cheras?',
    );
  }, 120_000);
});

describe('draft mode settings', () => {
  it("are listed per shop, checked, and another merchant's shop is not found", async () => {
    await draftMode(headers, shopId, 'unsure', 0.7);
    const list = (await t.app.inject({ url: '/api/inbox/draft-modes', headers })).json() as {
      data: { shopId: string; mode: string; below: number }[];
    };
    expect(list.data).toEqual([expect.objectContaining({ shopId, mode: 'unsure', below: 0.7 })]);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/inbox/draft-modes/${shopId}`,
      headers,
      payload: { mode: 'unsure', below: 2 },
    });
    expect(bad.statusCode).toBe(400);
    const other = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/inbox/draft-modes/${shopId}`,
      headers: other.headers,
      payload: { mode: 'off' },
    });
    expect(foreign.statusCode).toBe(404);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/inbox/draft-modes/${shopId}`,
      headers,
      payload: { mode: 'off' },
    });
    expect(off.json().data).toMatchObject({ mode: 'off', below: 0.7 });
  }, 60_000);
});
