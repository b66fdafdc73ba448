import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers, 'Rated shop');
  const on = await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: true },
  });
  expect(on.statusCode).toBe(200);
});
afterAll(() => t?.close());

const visitorSays = (sessionId: string, query: string) =>
  t.app.inject({ method: 'POST', url: `/api/website/v1/${shopId}`, payload: { sessionId, query } });
const history = async (sessionId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/website/v1/${shopId}/${sessionId}` })).json().data;
const rate = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/website/v1/${shopId}/rating`, payload });
const conversationOf = async (sessionId: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/inbox/conversations?shopId=${shopId}&view=all`,
    headers,
  });
  const rows = res.json().data as { id: string; externalId: string }[];
  const row = rows.find((r) => r.externalId === sessionId);
  if (!row) throw new Error(`no conversation ${sessionId}: ${res.body}`);
  return row.id;
};
const resolve = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/inbox/conversations/${id}/resolve`, headers });

describe('shoppers rate a resolved website chat', () => {
  it('asks only after the chat is resolved, stores one rating per resolution, and refuses bad input', async () => {
    const session = 'rateAbc12345';
    expect((await visitorSays(session, 'Hello!')).statusCode).toBe(200);
    expect((await history(session)).rating).toEqual({ ask: false, stars: null });
    // Not resolved yet: nothing to rate.
    const early = await rate({ sessionId: session, stars: 5 });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toMatch(/not been resolved/);

    const id = await conversationOf(session);
    expect((await resolve(id)).statusCode).toBe(200);
    expect((await history(session)).rating).toEqual({ ask: true, stars: null });

    for (const bad of [
      { stars: 6 },
      { stars: 0 },
      { stars: 2.5 },
      { stars: '5' },
      { stars: 4, comment: 'x'.repeat(501) },
    ]) {
      const res = await rate({ sessionId: session, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await rate({ sessionId: 'nope', stars: 3 })).statusCode).toBe(400);
    expect((await rate({ sessionId: 'unknown12345', stars: 3 })).statusCode).toBe(422);

    const ok = await rate({ sessionId: session, stars: 4, comment: '  Quick answer, thanks  ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ ask: false, stars: 4 });
    expect((await history(session)).rating).toEqual({ ask: false, stars: 4 });
    // Twice: the first one stays.
    const again = await rate({ sessionId: session, stars: 1 });
    expect(again.statusCode).toBe(409);

    const ratings = await t.app.inject({
      method: 'GET',
      url: `/api/inbox/conversations/${id}/ratings`,
      headers,
    });
    expect(ratings.json().data).toMatchObject([
      { stars: 4, comment: 'Quick answer, thanks', answeredBy: 'bot' },
    ]);
    const other = await signUp(t.app);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/inbox/conversations/${id}/ratings`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('credits the team when a person replied last, and a new resolution can be rated again', async () => {
    const session = 'rateTeam1234';
    await visitorSays(session, 'Hi there');
    const id = await conversationOf(session);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${shopId}/${session}`,
      headers,
      payload: { message: 'Hello, this is Aisyah from the shop.' },
    });
    expect(reply.statusCode).toBe(200);
    await resolve(id);
    expect((await rate({ sessionId: session, stars: 2 })).statusCode).toBe(200);
    // The shopper writes again (the chat reopens), the team answers and resolves once more.
    await visitorSays(session, 'One more question');
    expect((await history(session)).rating).toEqual({ ask: false, stars: null });
    await t.ctx.queue.idle();
    await resolve(id);
    expect((await history(session)).rating?.ask).toBe(true);
    expect((await rate({ sessionId: session, stars: 5 })).statusCode).toBe(200);
    const ratings = (
      await t.app.inject({ method: 'GET', url: `/api/inbox/conversations/${id}/ratings`, headers })
    ).json().data as { stars: number; answeredBy: string }[];
    expect(ratings.map((r) => r.stars).sort()).toEqual([2, 5]);
    expect(ratings.find((r) => r.stars === 2)?.answeredBy).toBe('agent');
  });

  it('rolls ratings up into Insights by who answered, with a daily trend', async () => {
    await t.app.services.insightsRollup.refresh();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/insights/ratings?shopId=${shopId}&days=7`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const figures = res.json().data as {
      bot: number[];
      agent: number[];
      days: { count: number; average: number | null }[];
    };
    expect(figures.agent[1]).toBe(1);
    expect(figures.bot[3]).toBe(1);
    expect(figures.bot[4]! + figures.agent[4]!).toBe(1);
    expect(figures.days).toHaveLength(7);
    const today = figures.days.at(-1)!;
    expect(today.count).toBe(3);
    expect(today.average).toBeCloseTo(11 / 3);
    const bad = await t.app.inject({ method: 'GET', url: '/api/insights/ratings?days=5', headers });
    expect(bad.statusCode).toBe(400);
  });
});
