import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { closeContext, createContext } from '../../context.ts';
import { openDatabase } from '../../db/client.ts';
import { shopIndexes, shops } from '../../db/schema.ts';
import { createServices } from '../../services.ts';
import { createTestDatabaseUrl, createWebsiteShop, signUp } from '../../test/test-app.ts';

/*
 * Decision 0032: the index an answer built is written out after the answer. A process closing
 * meanwhile waits for that write, so the next process revives the index instead of building it.
 * PGlite in a data directory of its own (each process opens it in turn, then the test reopens it to
 * look), or PostgreSQL with DATABASE_URL set.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'balas-test-'));
const database = await createTestDatabaseUrl();
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost:3000',
  SECRET_KEY: randomBytes(32).toString('hex'),
  DATABASE_URL: database.url,
  REDIS_URL: loadConfig(process.env).redisUrl,
});
const queuePrefix = `balas-test-${randomBytes(6).toString('hex')}`;

/** A website shop with its bot on, made by an API process that then stops. */
async function websiteShop(): Promise<string> {
  const ctx = await createContext(config, { queuePrefix });
  const app = await buildApp(ctx);
  try {
    const { headers } = await signUp(app);
    const shopId = await createWebsiteShop(app, headers, 'Kedai Web');
    const switched = await app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    return shopId;
  } finally {
    await app.close();
    await closeContext(ctx);
  }
}

it("keeps an answer's index write that is under way when the process closes", async () => {
  const shopId = await websiteShop();
  // A worker process (worker-main.ts): its services on a context, closed as it stops.
  const ctx = await createContext(config, { queuePrefix });
  const { answering } = createServices(ctx);
  const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
  // The shop's first answer in this process builds its index, and the process stops before the
  // next turn of the event loop, when the write would begin (not logged: no statement after it).
  await answering.answer(shop!, 'Do you deliver to Sabah?', { conversation: 'Shutdown0001', log: false });
  await closeContext(ctx);

  const reopened = await openDatabase({ databaseUrl: database.url, dataDir });
  try {
    const rows = await reopened.db
      .select({ trainingVersion: shopIndexes.trainingVersion })
      .from(shopIndexes)
      .where(eq(shopIndexes.shopId, shopId));
    expect(rows).toEqual([{ trainingVersion: shop!.trainingVersion }]);
  } finally {
    await reopened.close();
  }
}, 60_000);
