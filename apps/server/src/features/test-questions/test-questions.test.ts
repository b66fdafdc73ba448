import { type TestsOverview, testWords } from '@balas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRuns } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
let topicId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
  topicId = (await call('POST', `/api/shopee/${shopId}/gpt`, { name: 'Extras' })).json().data.id;
  await teach('Gift wrapping costs RM5 per item.');
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
const teach = (text: string) =>
  call('POST', `/api/shopee/${shopId}/gpt/${topicId}/response`, {
    texts: [text, 'We deliver all over Malaysia.'],
  });

async function overview(): Promise<TestsOverview> {
  return (await call('GET', `/api/shops/${shopId}/tests`)).json().data;
}

/** Waits for the run under way (the in-process queue runs it) and returns the page after it. */
async function settled(runsBefore: number): Promise<TestsOverview> {
  for (let i = 0; i < 200; i++) {
    const o = await overview();
    if (!o.running && o.latest && (await runCount()) > runsBefore) return o;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the test run did not finish');
}
const runCount = async () => (await t.ctx.database.db.select().from(testRuns)).length;

describe('test questions', () => {
  let giftId: string;

  it('keeps questions with key facts or "should hand over", and refuses an answer with no fact', async () => {
    const gift = await call('POST', `/api/shops/${shopId}/tests`, {
      question: 'How much is gift wrapping?',
      expect: 'answer',
      facts: [['RM5', '5 ringgit'], ['  ']],
      origin: 'simulator',
    });
    expect(gift.statusCode).toBe(200);
    expect(gift.json().data).toMatchObject({ facts: [['RM5', '5 ringgit']], origin: 'simulator' });
    giftId = gift.json().data.id;
    const human = await call('POST', `/api/shops/${shopId}/tests`, {
      question: 'I want to talk to a real person please',
      expect: 'handover',
    });
    expect(human.statusCode).toBe(200);
    const bad = await call('POST', `/api/shops/${shopId}/tests`, {
      question: 'Do you ship?',
      expect: 'answer',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.facts).toBe(testWords.factsNeeded);
    expect((await overview()).questions).toHaveLength(2);
  });

  it('runs them all as a job, and stores each reply and verdict', async () => {
    const before = await runCount();
    const started = await call('POST', `/api/shops/${shopId}/tests/run`);
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toMatchObject({ trigger: 'manual' });
    const o = await settled(before);
    expect(o.latest).toMatchObject({ status: 'done', total: 2, passed: 2 });
    const gift = o.results.find((r) => r.questionId === giftId)!;
    expect(gift).toMatchObject({ passed: true, change: 'new', approved: false });
    expect(gift.reply).toContain('RM5');
  });

  it('runs again after a training change, showing "was right, now wrong" with both replies', async () => {
    await teach('Gift wrapping costs RM8 per item.');
    const before = await runCount();
    expect(await t.app.services.tests.sweep()).toBe(1);
    // The same training version is not run twice.
    expect(await t.app.services.tests.sweep()).toBe(0);
    const o = await settled(before);
    expect(o.latest).toMatchObject({ trigger: 'training', total: 2, passed: 1 });
    expect(o.previous).toMatchObject({ passed: 2 });
    const gift = o.results.find((r) => r.questionId === giftId)!;
    expect(gift).toMatchObject({ passed: false, change: 'regressed', missing: [['RM5', '5 ringgit']] });
    expect(gift.reply).toContain('RM8');
    expect(gift.previousReply).toContain('RM5');
    const summary = (await call('GET', '/api/tests/summary')).json().data;
    expect(summary).toEqual([
      expect.objectContaining({ shopId, total: 2, passed: 1, previousTotal: 2, previousPassed: 2 }),
    ]);
  });

  it('an approved answer is a training change: the next run takes it, and says so', async () => {
    const saved = await call('POST', `/api/shops/${shopId}/approved-answers`, {
      questions: ['How much is gift wrapping?'],
      answers: { en: 'Gift wrapping is RM5 per item.' },
    });
    expect(saved.statusCode).toBe(200);
    const before = await runCount();
    expect(await t.app.services.tests.sweep()).toBe(1);
    const o = await settled(before);
    const gift = o.results.find((r) => r.questionId === giftId)!;
    expect(gift).toMatchObject({ passed: true, change: 'fixed', approved: true });
  });

  it('edits and deletes a question; another merchant sees none of it', async () => {
    const edited = await call('PUT', `/api/shops/${shopId}/tests/${giftId}`, {
      question: 'How much is gift wrap?',
      expect: 'answer',
      facts: [['RM5']],
    });
    expect(edited.json().data).toMatchObject({ question: 'How much is gift wrap?', facts: [['RM5']] });
    const other = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/shops/${shopId}/tests`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await call('DELETE', `/api/shops/${shopId}/tests/not-a-uuid`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/shops/${shopId}/tests/${giftId}`)).statusCode).toBe(200);
    expect((await overview()).questions).toHaveLength(1);
  });

  it('answers hostile input to every new route with a 4xx, never a 5xx', async () => {
    const hostile: unknown[] = [
      null,
      [],
      'x',
      { question: 42, expect: 'maybe' },
      { question: 'a\u0000b', expect: 'answer', facts: [['RM5\u0000']] },
      { question: 'q', expect: 'answer', facts: Array.from({ length: 50 }, () => ['x']) },
      { question: 'x'.repeat(5000), expect: 'handover' },
      { questions: 'not a list', answers: null },
      { questions: ['\ud800'], answers: { en: 'x'.repeat(5000) } },
      { questions: ['q'], answers: { en: 'a' }, extra: true },
      { threshold: 'high' },
      { threshold: -1 },
    ];
    const routes: ['POST' | 'PUT', string][] = [
      ['POST', `/api/shops/${shopId}/tests`],
      ['PUT', `/api/shops/${shopId}/tests/00000000-0000-0000-0000-000000000000`],
      ['PUT', `/api/shops/${shopId}/tests/not-a-uuid`],
      ['POST', `/api/shops/${shopId}/approved-answers`],
      ['PUT', `/api/shops/${shopId}/approved-answers/not-a-uuid`],
      ['PUT', `/api/shops/${shopId}/approved-answers/threshold`],
      ['POST', `/api/shops/${shopId}/approved-answers/try`],
    ];
    const fives: string[] = [];
    for (const [method, url] of routes)
      for (const payload of hostile) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        if (res.statusCode >= 500)
          fives.push(`${method} ${url} ${JSON.stringify(payload).slice(0, 40)} -> ${res.statusCode}`);
      }
    expect(fives).toEqual([]);
  });
});
