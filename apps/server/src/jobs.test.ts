import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from './db/schema.ts';
import { registerJobs } from './jobs.ts';
import { eventually } from './test/marketplace-flow.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('scheduled maintenance', () => {
  it('runs at start too: retention does not wait a day of uptime', async () => {
    const long = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await t.ctx.database.db.insert(webhookEvents).values([
      { provider: 'shopee', dedupeKey: 'old-done', payload: {}, receivedAt: long, processedAt: long },
      { provider: 'shopee', dedupeKey: 'recent-done', payload: {}, processedAt: new Date() },
    ]);
    // What main.ts and worker-main.ts do at start.
    await registerJobs(t.ctx, t.app.services, { schedule: true });
    // Not `idle()`: BullMQ keeps each schedule's next run as a delayed job.
    await eventually(async () => {
      const keys = (await t.ctx.database.db.select().from(webhookEvents)).map((e) => e.dedupeKey);
      expect(keys).toEqual(['recent-done']);
    }, 30_000);
  }, 90_000);
});
