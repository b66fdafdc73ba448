import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BotDraft, InboxPage } from '@balas/contracts';
import type { Sandbox } from '@balas/marketplace-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  healthy,
  killHard,
  merchantWithShopeeShop,
  productionEnv,
  type ServerChild,
  sandboxServer,
  sleep,
  startServer,
  stopServer,
  waitUntilReady,
} from '../../test/processes.ts';
import { freePort } from '../../test/standalone-sandbox.ts';

/*
 * Issue 28.3: drafts never reach the shopper unapproved, across restarts. The embedded server
 * (`npm start`: PGlite under DATA_DIR, the job queue in that database) drafts its answers, is killed
 * with SIGKILL between the drafts being stored and their approval, and restarted: the shoppers
 * (the sandbox's record of what the shop sent, which outlives the kills) have still received
 * nothing. Approved, each draft reaches its shopper once; killed right after the approvals and
 * restarted again (the sweeps of answers due and pending replies run at start), still once.
 */

const SHOP = '947042987';
const BUYERS = 3;

describe('draft mode across a SIGKILL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let sandbox: Sandbox;
  let env: Record<string, string>;
  let base: string;
  let server: ServerChild;

  const boot = async () => {
    server = startServer('embedded server', 'apps/server/src/main.ts', env);
    await waitUntilReady(server, healthy(base), 120_000);
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'balas-drafts-kill-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const platform = await sandboxServer(base, [300, 1000, 2000, 4000, 8000]);
    sandbox = platform.sandbox;
    cleanups.push(platform.close);
    env = { ...productionEnv(base, dataDir, 'warn'), PORT: String(port), ...platform.env };
    await boot();
    cleanups.push(() => stopServer(server));
  }, 150_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }, 30_000);

  it('sends nothing before approval, and each approved draft exactly once', async () => {
    const { token, shopId } = await merchantWithShopeeShop(base, sandbox.state.config.publicUrl, SHOP);
    await api(base, `/api/inbox/draft-modes/${shopId}`, { method: 'PUT', token, body: { mode: 'always' } });
    const topic = await api<{ id: string }>(base, `/api/shopee/${shopId}/gpt`, {
      method: 'POST',
      token,
      body: { name: 'Shipping' },
    });
    await api(base, `/api/shopee/${shopId}/gpt/${topic.id}/response`, {
      method: 'POST',
      token,
      body: ['Orders within West Malaysia, Penang included, arrive in 1 to 3 working days.'],
    });
    const shopee = sandbox.state.data.shopee;
    const buyers = Array.from({ length: BUYERS }, (_, i) => `66${i}${Date.now() % 100_000}`);
    const conversationOf = (buyer: string) =>
      shopee.conversations.find((c) => c.shopId === SHOP && c.buyerId === buyer);
    const sentTo = (buyer: string) =>
      (conversationOf(buyer)?.messages ?? []).filter((m) => m.from === 'shop').map((m) => m.body);
    for (const [i, buyer] of buyers.entries()) {
      shopee.buyers.push({ id: buyer, name: `Shopper ${buyer}` });
      await sandbox.shopperSend({
        platform: 'shopee',
        shopId: SHOP,
        buyerId: buyer,
        text: `Hi, how long does delivery to Penang take? (${i})`,
      });
    }

    const draftsView = () =>
      // The list answers { data, nextCursor }: `api` hands over its rows.
      api<InboxPage['data']>(base, `/api/inbox/conversations?view=drafts&shopId=${shopId}`, { token }).catch(
        () => [],
      );
    const draftsOf = (conversationId: string) =>
      api<BotDraft[]>(base, `/api/inbox/conversations/${conversationId}/drafts`, { token });
    const untilTrue = async (check: () => Promise<boolean>, ms: number) => {
      const deadline = Date.now() + ms;
      while (!(await check().catch(() => false))) {
        if (Date.now() > deadline) return false;
        await sleep(100);
      }
      return true;
    };

    // Every shopper's draft stored: killed at once, before anyone approves.
    const shoppers = new Set(buyers.map((b) => `Shopper ${b}`));
    const ours = async () => (await draftsView()).filter((r) => shoppers.has(r.shopperName));
    const stored = await untilTrue(async () => (await ours()).length === BUYERS, 60_000);
    if (!stored) {
      const all = await api<InboxPage['data']>(base, `/api/inbox/conversations?view=all&shopId=${shopId}`, {
        token,
      });
      console.log(
        all.map((r) => [r.shopperName, r.state, r.lastMessage]),
        server.output.slice(-20),
      );
    }
    expect(stored).toBe(true);
    await killHard(server);
    for (const buyer of buyers) expect(sentTo(buyer)).toEqual([]);

    await boot();
    // The restart's sweeps (answers due, pending replies, gap repair) have their time.
    await sleep(5000);
    for (const buyer of buyers) expect(sentTo(buyer)).toEqual([]);
    const rows = await ours();
    expect(rows).toHaveLength(BUYERS);

    // Approved: each reaches its shopper once (one edited), a second approval is refused.
    for (const [i, row] of rows.entries()) {
      const [draft] = await draftsOf(row.id);
      expect(draft?.text).toMatch(/\S/);
      await api(base, `/api/inbox/conversations/${row.id}/drafts/${draft!.id}/send`, {
        method: 'POST',
        token,
        body: i === 0 ? { text: 'Penang: 1 to 3 working days (checked by a person).' } : {},
      });
      await expect(
        api(base, `/api/inbox/conversations/${row.id}/drafts/${draft!.id}/send`, {
          method: 'POST',
          token,
          body: {},
        }),
      ).rejects.toThrow(/409/);
    }
    for (const buyer of buyers) expect(sentTo(buyer)).toHaveLength(1);
    expect(buyers.flatMap(sentTo)).toContainEqual({
      type: 'text',
      text: 'Penang: 1 to 3 working days (checked by a person).',
    });

    await killHard(server);
    await boot();
    await sleep(5000);
    for (const buyer of buyers) expect(sentTo(buyer)).toHaveLength(1);
    expect(await ours()).toEqual([]);
  }, 300_000);
});
