import type { KnowledgeGap } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botAnswers, conversations, messages } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import { groupQuestions } from './question-groups.ts';

describe('grouping questions that ask the same thing', () => {
  it('groups paraphrases in English, Malay and Chinese and keeps different questions apart', () => {
    const questions = [
      'Do you ship to Sabah?',
      'Boleh hantar ke Sabah tak?',
      '可以寄到沙巴吗？',
      'Can you deliver to Kota Kinabalu?',
      'How much is the shipping fee to Sarawak?',
      'Berapa caj pos ke Sarawak?',
      '寄到砂拉越运费多少？',
      'When will the stroller be restocked?',
      'Bila stroller restock?',
      '婴儿车什么时候补货？',
      'Do you have a warranty for the breast pump?',
      'Pam susu ada waranti?',
      '吸奶器有保修吗？',
      'Can I pay by COD?',
      'Boleh bayar COD?',
      '可以货到付款吗？',
      'Is the romper cotton?',
    ];
    const groups = groupQuestions(questions.map((text) => ({ text }))).map((g) => g.map((q) => q.text));
    expect(groups).toEqual([
      questions.slice(0, 4),
      questions.slice(4, 7),
      questions.slice(7, 10),
      questions.slice(10, 13),
      questions.slice(13, 16),
      questions.slice(16),
    ]);
  });

  it('leaves a question with nothing to go by alone', () => {
    expect(
      groupQuestions([{ text: 'hello' }, { text: '???' }, { text: 'Do you ship to Sabah?' }]),
    ).toHaveLength(3);
  });
});

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
let session = 0;

/** A website visitor asks; the untrained bot hands over because it does not know. */
async function ask(question: string) {
  const sessionId = `gapsession${String(++session).padStart(2, '0')}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/website/v1/${shopId}`,
    payload: { query: question, sessionId },
  });
  expect(res.json().data.handover, question).toBe(true);
  return sessionId;
}

const gaps = async (h = headers): Promise<KnowledgeGap[]> =>
  (await t.app.inject({ url: `/api/insights/gaps?shopId=${shopId}`, headers: h })).json().data;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers, 'Kedai Comel');
  await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: true },
  });
  await ask('Is the romper cotton?');
  await ask('Do you ship to Sabah?');
  await ask('Boleh hantar ke Sabah tak?');
  const last = await ask('可以寄到沙巴吗？');
  // A person of the shop answered the newest one in the chat.
  const [conversation] = await t.ctx.database.db
    .select()
    .from(conversations)
    .where(eq(conversations.externalId, last));
  await t.ctx.database.db.insert(messages).values({
    shopId,
    conversationId: conversation!.id,
    sender: 'agent',
    content: { text: 'Yes, we ship to Sabah in 5-7 working days.' },
    text: 'Yes, we ship to Sabah in 5-7 working days.',
  });
  // The merchant trying the simulator is no shopper's question.
  await t.app.inject({
    method: 'POST',
    url: '/api/shopee/v1/lang_chain_push',
    headers,
    payload: { shopId, question: 'Do you ship to Sarawak?', conversation: '12345678' },
  });
});
afterAll(async () => {
  await t.close();
});

describe('knowledge gaps', () => {
  it('lists handed-over questions grouped, newest first, with what the shop replied', async () => {
    const list = await gaps();
    expect(list.map((g) => g.count)).toEqual([3, 1]);
    const [sabah, romper] = list;
    expect(sabah!.examples.map((q) => q.text)).toEqual([
      '可以寄到沙巴吗？',
      'Boleh hantar ke Sabah tak?',
      'Do you ship to Sabah?',
    ]);
    expect(sabah!.languages.sort()).toEqual(['en', 'ms', 'zh']);
    expect(sabah!.shopAnswer?.text).toBe('Yes, we ship to Sabah in 5-7 working days.');
    expect(sabah!.shopName).toBe('Kedai Comel');
    expect(romper!.examples[0]!.text).toBe('Is the romper cotton?');
    expect(romper!.shopAnswer).toBeNull();
    const all = (await t.app.inject({ url: '/api/insights/gaps', headers })).json().data;
    expect(all).toHaveLength(2);
  });

  it('hides a dismissed group until a new question joins it', async () => {
    const [, romper] = await gaps();
    const dismiss = (body: Record<string, unknown>, h = headers) =>
      t.app.inject({ method: 'POST', url: '/api/insights/gaps/dismiss', headers: h, payload: body });
    const other = await signUp(t.app);
    expect((await dismiss({ shopId, questionIds: romper!.questionIds }, other.headers)).statusCode).toBe(404);
    expect((await dismiss({ shopId, questionIds: [] })).statusCode).toBe(400);
    expect((await dismiss({ shopId, questionIds: romper!.questionIds })).json().data).toEqual({
      dismissed: 1,
    });
    expect((await gaps()).map((g) => g.count)).toEqual([3]);
    await ask('Are the rompers made of cotton?');
    const back = await gaps();
    expect(back.map((g) => g.count)).toEqual([2, 3]);
    expect(back[0]!.examples.map((q) => q.text)).toEqual([
      'Are the rompers made of cotton?',
      'Is the romper cotton?',
    ]);
  });

  it('turns a group into a knowledge entry, and the bot then answers it', async () => {
    const sabah = (await gaps()).find((g) => g.count === 3)!;
    const entry = (body: Record<string, unknown>, h = headers) =>
      t.app.inject({
        method: 'POST',
        url: '/api/insights/gaps/entry',
        headers: h,
        payload: { shopId, questionIds: sabah.questionIds, ...body },
      });
    const other = await signUp(t.app);
    expect(
      (await entry({ newTopicName: 'Shipping', categorization: 'x', knowledge: 'y' }, other.headers))
        .statusCode,
    ).toBe(404);
    const missing = await entry({ categorization: 'Do you ship to Sabah?', knowledge: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toMatchObject({
      knowledge: 'Write the answer the bot should give',
      topicId: 'Pick a topic or name a new one',
    });
    expect(
      (await entry({ categorization: 'x'.repeat(201), knowledge: 'y', newTopicName: 'S' })).statusCode,
    ).toBe(400);

    const created = await entry({
      newTopicName: 'Shipping',
      categorization: 'Do you ship to Sabah?',
      knowledge: sabah.shopAnswer!.text,
    });
    expect(created.statusCode).toBe(200);
    const topic = created.json().data;
    expect(topic).toMatchObject({
      name: 'Shipping',
      GPTInformation: [{ info: 'Do you ship to Sabah?' }],
      GPTResponse: [{ info: 'Yes, we ship to Sabah in 5-7 working days.' }],
    });
    // The group is answered: it leaves the list.
    expect((await gaps()).map((g) => g.count)).toEqual([2]);

    const simulator = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers,
      payload: { shopId, question: 'Boleh hantar ke Sabah tak?', conversation: '12345679' },
    });
    expect(simulator.json().data.handover).toBeNull();
    expect(simulator.json().data.result).toMatch(/5-7|Sabah/);

    // Into an existing topic: added beside its entries, within the topic's limits.
    const more = await entry({
      topicId: topic.id,
      categorization: 'Do you ship to Sarawak?',
      knowledge: 'Sarawak too.',
    });
    expect(more.json().data.GPTResponse).toHaveLength(2);
    for (let i = 0; i < 3; i++)
      await entry({ topicId: topic.id, categorization: `c${i}`, knowledge: `k${i}` });
    const full = await entry({ topicId: topic.id, categorization: 'one more', knowledge: 'k' });
    expect(full.statusCode).toBe(422);
    expect(full.json().error.message).toBe(
      'This topic already has 5 entries of that kind. Pick another topic or make a new one.',
    );
    expect(
      (await entry({ topicId: '00000000-0000-0000-0000-000000000000', categorization: 'c', knowledge: 'k' }))
        .statusCode,
    ).toBe(404);
  });

  it('counts only shoppers’ questions (not the simulator’s)', async () => {
    const rows = await t.ctx.database.db
      .select()
      .from(botAnswers)
      .where(eq(botAnswers.conversation, '12345678'));
    expect(rows).toHaveLength(1);
    const texts = (await gaps()).flatMap((g) => g.examples.map((q) => q.text));
    expect(texts).not.toContain('Do you ship to Sarawak?');
  });
});
