import type { InboxRow, RealtimePayload } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { shops } from '../../db/schema.ts';
import { switchShopBot } from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

/*
 * A decision's settled answer shows on dashboards as an inbox row when settling changes the row. It
 * reads the bot switch as committed when the answer settles, not as the shop row read when the
 * decision began: a merchant who turns the shop's bot off meanwhile is not sent a row with it on.
 */

let t: TestApp;
let headers: Record<string, string>;
let website: string;

const shopRow = async (id: string) =>
  (await t.ctx.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;
const switchShop = (shopId: string, on: boolean) => switchShopBot(t.app, headers, shopId, on);

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  website = await createWebsiteShop(t.app, headers, 'Kedai Web');
  await switchShop(website, true);
  await t.ctx.queue.idle(30_000);
}, 60_000);
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

it("sends no row with the shop's bot switch as it was before the merchant turned it off", async () => {
  const { inbox, autoReply } = t.app.services;
  // The decision is the one this test runs: nothing queued beside it.
  vi.spyOn(t.ctx.queue, 'enqueue').mockResolvedValue(undefined);
  const stored = await inbox.receive(
    await shopRow(website),
    {
      conversation: { externalId: 'SwitchVisitor1', customerId: 'SwitchVisitor1', customerName: 'Visitor' },
      message: {
        externalId: 'switch-1',
        sender: 'customer',
        // A picture alone: the bot has nothing to answer and stays quiet, so the shopper, who
        // wrote last, waits for a person now that no answer is due.
        content: {
          kind: 'image' as const,
          url: 'https://example.com/a.jpg',
          thumbUrl: 'https://example.com/a.jpg',
          width: 640,
          height: 480,
        },
        sentAt: new Date(),
      },
    },
    { answer: 'caller' },
  );
  const { conversation, message } = stored!;

  const emitted: InboxRow[] = [];
  const settleAnswer = inbox.settleAnswer;
  vi.spyOn(inbox, 'settleAnswer').mockImplementation(async (...args) => {
    // The decision read the shop with its bot on; the merchant turns it off before it settles.
    await switchShop(website, false);
    const emit = vi.spyOn(t.ctx.realtime, 'emit');
    try {
      return await settleAnswer(...args);
    } finally {
      for (const [, event, payload] of emit.mock.calls) {
        if (event !== 'inbox.updated') continue;
        const updated = payload as RealtimePayload<'inbox.updated'>;
        if (updated.conversationId === conversation.id) emitted.push(updated.row);
      }
      emit.mockRestore();
    }
  });
  await autoReply.replyTo(message.id);

  const res = await t.app.inject({ url: `/api/inbox/conversations/${conversation.id}`, headers });
  const now = res.json().data as InboxRow;
  expect(now).toMatchObject({ state: 'needs_you', botEnabled: false });
  // Settling leaves the row as the switch's change made it: nothing to send, or the row as it is.
  for (const row of emitted) expect(row).toEqual(now);
});
