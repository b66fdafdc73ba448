import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizeShopee, shopeeUrl, testSandbox } from './test-kit.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('persisted state', () => {
  it('keeps tokens, conversations and lost pushes across a restart (atomic writes)', async () => {
    const statePath = join(dir, 'nested', 'sandbox.json');
    const first = await testSandbox({ statePath });
    const { accessToken } = await authorizeShopee(first);
    const sent = await first.shopperSend({
      platform: 'shopee',
      shopId: '947042923',
      buyerId: '880033',
      text: 'Still there?',
    });
    await first.app.close();
    expect(existsSync(statePath)).toBe(true);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['sandbox.json']);

    const second = await testSandbox({ statePath });
    second.clock.now = first.clock.now + 60_000;
    const info = await second.app.inject({
      url: shopeeUrl(
        second.clock.now,
        '/api/v2/shop/get_shop_info',
        {},
        { accessToken, shopId: '947042923' },
      ),
    });
    expect(info.json()).toMatchObject({ error: '', shop_name: 'Kedai Bayi Comel (Shopee)' });
    const view = await second.app.inject({
      url: '/shopper/api/conversation?platform=shopee&shop=947042923&buyer=880033',
    });
    expect(view.json()).toMatchObject({ conversationId: sent.conversationId, authorized: true });
    await second.app.close();
  });

  it('writes a change before it acknowledges it, so a crash right after loses nothing it answered', async () => {
    const statePath = join(dir, 'sandbox.json');
    const sb = await testSandbox({ statePath });
    const sent = await sb.app.inject({
      method: 'POST',
      url: '/shopper/api/send',
      payload: {
        platform: 'lazada',
        shop: '100094063',
        buyer: '1880033',
        type: 'text',
        content: { text: 'Hello' },
      },
    });
    expect(sent.json()).toMatchObject({ ok: true });
    // Read at once, as a process killed right after answering would have left it.
    expect(readFileSync(statePath, 'utf8')).toContain('"text":"Hello"');
    await sb.shopperSend({ platform: 'lazada', shopId: '100094063', buyerId: '1880033', text: 'Again' });
    expect(readFileSync(statePath, 'utf8')).toContain('"text":"Again"');
    await sb.app.close();
  });

  it('starts from fresh demo data when the file is unreadable or from another version', async () => {
    const statePath = join(dir, 'sandbox.json');
    writeFileSync(statePath, '{not json');
    const broken = await testSandbox({ statePath });
    expect(broken.state.data.shopee.shops).toHaveLength(2);
    await broken.app.close();
    writeFileSync(statePath, JSON.stringify({ version: 1, shopee: {}, lazada: {} }));
    const old = await testSandbox({ statePath });
    expect(old.state.data.lazada.shops.map((s) => s.id)).toEqual(['100094063', '100094071']);
    await old.app.close();
  });

  it('stays in memory without a statePath', async () => {
    const sb = await testSandbox();
    await sb.shopperSend({ platform: 'shopee', shopId: '947042923', buyerId: '880011', text: 'x' });
    await sb.app.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
