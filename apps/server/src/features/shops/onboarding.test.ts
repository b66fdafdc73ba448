import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/website',
    headers,
    payload: {
      name: 'Kedai Mei',
      person_name: 'Mei',
      person_email: 'mei@example.com',
      person_phone: '012-345 6789',
    },
  });
  shopId = created.json().data.id;
});
afterAll(async () => {
  await t.close();
});

const onboarding = async () =>
  (await t.app.inject({ url: `/api/shopee/${shopId}/onboarding`, headers })).json().data;

describe('a new shop’s first steps', () => {
  it('starts with the chatbot off and nothing done, then follows the merchant: train, try, turn on', async () => {
    expect(await onboarding()).toEqual({ trained: false, tested: false, botOn: false });

    // A topic with only its categorization says nothing yet.
    const topic = (
      await t.app.inject({
        method: 'POST',
        url: `/api/shopee/${shopId}/gpt`,
        headers,
        payload: { name: 'Delivery' },
      })
    ).json().data;
    await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopId}/gpt/${topic.id}/information`,
      headers,
      payload: ['Delivery questions'],
    });
    expect((await onboarding()).trained).toBe(false);
    await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopId}/gpt/${topic.id}/response`,
      headers,
      payload: ['We deliver in 2 working days.'],
    });
    expect((await onboarding()).trained).toBe(true);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers,
      payload: { question: 'How long is delivery?', shopId, conversation: '12345678' },
    });
    expect(asked.statusCode).toBe(200);
    expect((await onboarding()).tested).toBe(true);

    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    expect(await onboarding()).toEqual({ trained: true, tested: true, botOn: true });
  });

  it('is the owner’s only', async () => {
    const other = await signUp(t.app);
    const res = await t.app.inject({ url: `/api/shopee/${shopId}/onboarding`, headers: other.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('the website widget’s status call', () => {
  it('says who answers: the bot when it is on, the shop team otherwise', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}`,
      headers,
      payload: { defaultBotStatus: false },
    });
    const off = await t.app.inject({ url: `/api/website/v1/${shopId}` });
    expect(off.json().data).toEqual({ name: 'Kedai Mei', replies: 'team' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    expect((await t.app.inject({ url: `/api/website/v1/${shopId}` })).json().data.replies).toBe('bot');
  });

  it('knows no other shop', async () => {
    expect((await t.app.inject({ url: '/api/website/v1/not-a-shop' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/website/v1/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
  });
});
