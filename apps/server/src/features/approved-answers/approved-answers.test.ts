import { testWords } from '@balas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
  const topic = (await call('POST', `/api/shopee/${shopId}/gpt`, { name: 'Delivery' })).json().data.id;
  await call('POST', `/api/shopee/${shopId}/gpt/${topic}/response`, {
    texts: ['Delivery to Sabah and Sarawak takes 5 to 7 working days.', 'Shipping to East Malaysia is RM15.'],
  });
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
const ask = (question: string) =>
  call('POST', '/api/shopee/v1/lang_chain_push', { question, shopId, conversation: '12345678' });

describe('approved answers', () => {
  let id: string;

  it("saves the merchant's answer and sends it for the same question in another language, saying it was approved", async () => {
    const saved = await call('POST', `/api/shops/${shopId}/approved-answers`, {
      questions: ['How much is delivery to Sabah?', '  ', 'How much is delivery to Sabah?'],
      answers: { en: 'Delivery to Sabah is RM12.', ms: 'Penghantaran ke Sabah RM12.', zh: '' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      questions: ['How much is delivery to Sabah?'],
      answers: { en: 'Delivery to Sabah is RM12.', ms: 'Penghantaran ke Sabah RM12.' },
    });
    id = saved.json().data.id;

    const ms = (await ask('berapa caj penghantaran ke Sabah')).json().data;
    expect(ms.result).toBe('Penghantaran ke Sabah RM12.');
    expect(ms.sources[0]).toMatchObject({ kind: 'approved', id, name: testWords.approvedSource });
    const zh = (await ask('寄到沙巴运费多少？')).json().data;
    // Not written in Chinese: the merchant's first language is sent.
    expect(zh.result).toBe('Delivery to Sabah is RM12.');
  });

  it('never answers a question that only shares words with it', async () => {
    const span = (await ask('How long is delivery to Sabah?')).json().data;
    expect(span.sources.map((s: { kind: string }) => s.kind)).not.toContain('approved');
    expect(span.result).not.toContain('RM12');
  });

  it('lists answers with the replies sent from them, and counts them for Insights', async () => {
    const list = (await call('GET', `/api/shops/${shopId}/approved-answers`)).json().data;
    expect(list.threshold).toBe(0.7);
    expect(list.answers).toEqual([expect.objectContaining({ id, sent: 2 })]);
    const usage = (await call('GET', `/api/approved-answers/usage?days=30&shopId=${shopId}`)).json().data;
    expect(usage).toEqual({ approved: 1, sent: 2, days: 30 });
  });

  it('lets the merchant try a question at the threshold and change it', async () => {
    const tried = (
      await call('POST', `/api/shops/${shopId}/approved-answers/try`, { question: 'boleh COD ke Sabah?' })
    ).json().data;
    expect(tried.best?.sent ?? false).toBe(false);
    const same = (
      await call('POST', `/api/shops/${shopId}/approved-answers/try`, {
        question: 'how much to ship to sabah',
      })
    ).json().data;
    expect(same).toMatchObject({
      threshold: 0.7,
      best: { id, sent: true },
      reply: 'Delivery to Sabah is RM12.',
    });
    const strict = (
      await call('POST', `/api/shops/${shopId}/approved-answers/try`, {
        question: 'how much to ship to sabah',
        threshold: 1,
      })
    ).json().data;
    expect(strict.best.score).toBeLessThanOrEqual(1);
    const set = await call('PUT', `/api/shops/${shopId}/approved-answers/threshold`, { threshold: 0.9 });
    expect(set.json().data).toEqual({ threshold: 0.9 });
    expect(
      (await call('PUT', `/api/shops/${shopId}/approved-answers/threshold`, { threshold: 2 })).statusCode,
    ).toBe(400);
  });

  it('edits and deletes; refuses an answer in no language; another merchant cannot reach it', async () => {
    const none = await call('POST', `/api/shops/${shopId}/approved-answers`, {
      questions: ['Do you ship to Brunei?'],
      answers: { en: '  ' },
    });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json().error)).toContain(testWords.answerNeeded);
    const edited = await call('PUT', `/api/shops/${shopId}/approved-answers/${id}`, {
      questions: ['How much is delivery to Sabah?'],
      answers: { en: 'RM10 to Sabah.' },
    });
    expect(edited.json().data.answers).toEqual({ en: 'RM10 to Sabah.' });
    const other = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shopId}/approved-answers/${id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call('DELETE', `/api/shops/${shopId}/approved-answers/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/shops/${shopId}/approved-answers/${id}`)).statusCode).toBe(404);
    const after = (await ask('berapa caj penghantaran ke Sabah')).json().data;
    expect(after.sources.map((s: { kind: string }) => s.kind)).not.toContain('approved');
  });
});
