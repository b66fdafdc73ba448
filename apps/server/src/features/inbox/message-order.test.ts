import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
});
afterAll(async () => {
  await t.close();
});

describe('message order', () => {
  it('keeps messages stamped in the same second in the order they arrived, across pages', async () => {
    const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
    // Platforms stamp messages in whole seconds: a quick shopper writes several in one.
    const second = Date.UTC(2026, 10, 22, 9, 30, 0);
    const lines = Array.from({ length: 12 }, (_, i) => `line ${i}`);
    for (const [i, text] of lines.entries()) {
      await t.app.services.inbox.ingest(shop!, {
        conversation: { externalId: 'quick', customerId: 'buyer-quick', customerName: 'Quick' },
        message: {
          externalId: `q-${i}`,
          sender: 'customer',
          content: { kind: 'text', text },
          sentAt: new Date(second),
        },
      });
    }
    const first = (await t.app.inject({ url: `/api/shopee/v1/${shopId}/quick?page_size=5`, headers })).json()
      .data;
    const texts = (page: { messages: { content: { kind: 'text'; text: string } }[] }) =>
      page.messages.map((m) => m.content.text);
    expect(texts(first)).toEqual(lines.slice(7));
    const offset = first.page_result.next_offset;
    const second5 = (
      await t.app.inject({ url: `/api/shopee/v1/${shopId}/quick?page_size=5&offset=${offset}`, headers })
    ).json().data;
    expect(texts(second5)).toEqual(lines.slice(2, 7));
  });
});
