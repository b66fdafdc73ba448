import type { HandoverSummary, InboxPage } from '@balas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

// Issue 28.5: the summary on a three-turn handover in Malay, through the widget's API and the
// inbox's, on the real database.

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
  const topic = await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt`,
    headers,
    payload: { name: 'Penghantaran' },
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt/${topic.json().data.id}/response`,
    headers,
    payload: [
      'Penghantaran ke Semenanjung Malaysia mengambil masa 1 hingga 3 hari bekerja. Sabah dan Sarawak 4 hingga 7 hari bekerja.',
      'Bayaran tunai semasa penghantaran (COD) tersedia untuk pesanan di Semenanjung Malaysia.',
    ],
  });
  await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: true },
  });
});
afterAll(async () => {
  await t?.close();
});

const ask = async (query: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/website/v1/${shopId}`,
    payload: { query, sessionId: 'malay0000001' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { response: string };
};

describe('the handover summary', () => {
  it('lists a Malay three-turn handover: the questions a line each with an English gloss, the answers, the reason', async () => {
    expect((await ask('Berapa lama penghantaran ke Sabah?')).response).toMatch(/hari bekerja/);
    expect((await ask('Boleh bayar COD tak?')).response).toMatch(/COD/);
    const third = await ask('Barang saya rosak, saya nak cakap dengan orang sebenar');
    expect(third.response).not.toBe('');

    const page = (
      await t.app.inject({ url: `/api/inbox/conversations?view=needs_you&shopId=${shopId}`, headers })
    ).json() as InboxPage;
    const [row] = page.data;
    expect(row).toMatchObject({ state: 'needs_you', shopperName: 'Visitor mala' });
    const res = await t.app.inject({ url: `/api/inbox/conversations/${row!.id}/handover-summary`, headers });
    expect(res.statusCode).toBe(200);
    const summary = (res.json() as { data: { summary: HandoverSummary } }).data.summary;
    expect(summary.language).toBe('ms');
    expect(summary.questions.map((q) => q.text)).toEqual([
      'Berapa lama penghantaran ke Sabah?',
      'Boleh bayar COD tak?',
      'Barang saya rosak, saya nak cakap dengan orang sebenar',
    ]);
    // Glossed in the merchant's language where the engine can: what is asked, and about what.
    expect(summary.questions[0]!.gloss).toContain('how long');
    expect(summary.questions[1]!.gloss).toContain('cod');
    expect(summary.questions[2]!.gloss).toContain('damaged');
    expect(summary.botAnswers).toHaveLength(3);
    expect(summary.botAnswers[0]).toMatch(/hari bekerja/);
    expect(summary.botAnswers[2]).toBe(third.response);
    expect(['asked_for_human', 'order_problem']).toContain(summary.reason);
    expect(summary.reasonText).toBe(row!.stateReasonText);

    // Handed back to the bot: no summary any more (the next handover writes a new one).
    await t.app.inject({ method: 'POST', url: `/api/inbox/conversations/${row!.id}/hand-back`, headers });
    const after = await t.app.inject({
      url: `/api/inbox/conversations/${row!.id}/handover-summary`,
      headers,
    });
    expect(after.json().data.summary).toBeNull();
  }, 60_000);

  it("is not found for another merchant's conversation", async () => {
    const page = (
      await t.app.inject({ url: `/api/inbox/conversations?view=all&shopId=${shopId}`, headers })
    ).json() as InboxPage;
    const other = await signUp(t.app);
    const res = await t.app.inject({
      url: `/api/inbox/conversations/${page.data[0]!.id}/handover-summary`,
      headers: other.headers,
    });
    expect(res.statusCode).toBe(404);
  });
});
