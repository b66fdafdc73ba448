import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeLazada,
  authorizeShopee,
  lazadaParams,
  lazadaPushSignature,
  shopeePushSignature,
  shopeeUrl,
  type TestSandbox,
  testSandbox,
  webhookServer,
} from './test-kit.ts';

let hook: Awaited<ReturnType<typeof webhookServer>>;
let sb: TestSandbox;
let shopeeHook: string;
let lazadaHook: string;
beforeEach(async () => {
  hook = await webhookServer();
  shopeeHook = hook.url('/api/webhooks/shopee');
  lazadaHook = hook.url('/api/webhooks/lazada');
  sb = await testSandbox({
    shopee: { partnerId: 2_000_001, partnerKey: 'test-shopee-key', webhookUrl: shopeeHook },
    lazada: { appKey: '100001', appSecret: 'test-lazada-secret', webhookUrl: lazadaHook },
  });
});
afterEach(async () => {
  await sb.app.close();
  await hook.close();
});

describe('Shopee webchat pushes', () => {
  it('pushes a shopper message (code 10), signed with HMAC(partner_key, url|body)', async () => {
    await authorizeShopee(sb);
    const sent = await sb.shopperSend({
      platform: 'shopee',
      shopId: 947042923,
      buyerId: 880033,
      text: 'Ada stok?',
    });
    expect(sent.push).toBe('delivered');
    expect(hook.received).toHaveLength(1);
    const [push] = hook.received;
    expect(push!.headers['content-type']).toBe('application/json');
    expect(push!.headers.authorization).toBe(shopeePushSignature(shopeeHook, push!.body));
    expect(push!.body).toMatch(
      /^\{"msg_id":"","code":10,"shop_id":947042923,"timestamp":\d{10},"data":\{"type":"message"/,
    );
    const body = JSON.parse(push!.body);
    expect(body.data.content).toMatchObject({
      message_id: sent.messageId,
      conversation_id: sent.conversationId,
      from_id: 880_033,
      from_user_name: 'Rajesh Kumar',
      to_shop_id: 947_042_923,
      message_type: 'text',
      content: { text: 'Ada stok?' },
    });
  });

  it('pushes the shop’s own API messages too', async () => {
    const { accessToken } = await authorizeShopee(sb);
    await sb.app.inject({
      method: 'POST',
      url: shopeeUrl(
        sb.clock.now,
        '/api/v2/sellerchat/send_message',
        {},
        { accessToken, shopId: '947042923' },
      ),
      payload: { to_id: 880011, message_type: 'text', content: { text: 'Terima kasih!' } },
    });
    await sb.state.pushes.idle();
    expect(hook.received).toHaveLength(1);
    const body = JSON.parse(hook.received[0]!.body);
    expect(body.data.content).toMatchObject({ from_shop_id: 947_042_923, to_id: 880_011, source: 'openapi' });
    expect(hook.received[0]!.headers.authorization).toBe(
      shopeePushSignature(shopeeHook, hook.received[0]!.body),
    );
  });

  it('pushes nothing for a shop that has not authorized the app', async () => {
    const sent = await sb.shopperSend({
      platform: 'shopee',
      shopId: '947042987',
      buyerId: '880011',
      text: 'Hello?',
    });
    expect(sent.push).toBe('none');
    await sb.state.pushes.idle();
    expect(hook.received).toHaveLength(0);
  });

  it('retries a failing webhook, then lists the push in get_lost_push_message until confirmed', async () => {
    const { accessToken } = await authorizeShopee(sb);
    hook.answer(500);
    const sent = await sb.shopperSend({
      platform: 'shopee',
      shopId: '947042923',
      buyerId: '880022',
      text: 'Hello?',
    });
    expect(sent.push).toBe('retrying');
    await sb.state.pushes.idle();
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);

    const lost = await sb.app.inject({ url: shopeeUrl(sb.clock.now, '/api/v2/push/get_lost_push_message') });
    const response = lost.json().response;
    expect(response).toMatchObject({ has_next_page: false, last_message_id: expect.any(Number) });
    expect(response.push_message_list).toEqual([
      { shop_id: 947_042_923, code: 10, timestamp: expect.any(Number), data: hook.received[0]!.body },
    ]);
    const shopLevel = await sb.app.inject({
      url: shopeeUrl(
        sb.clock.now,
        '/api/v2/push/get_lost_push_message',
        {},
        { accessToken, shopId: '947042923' },
      ),
    });
    expect(shopLevel.json().response.push_message_list).toHaveLength(1);

    const confirm = await sb.app.inject({
      method: 'POST',
      url: shopeeUrl(sb.clock.now, '/api/v2/push/confirm_consumed_lost_push_message'),
      payload: { last_message_id: response.last_message_id },
    });
    expect(confirm.json()).toMatchObject({ error: '', message: '' });
    const after = await sb.app.inject({ url: shopeeUrl(sb.clock.now, '/api/v2/push/get_lost_push_message') });
    expect(after.json().response).toMatchObject({ push_message_list: [], last_message_id: 0 });
  });

  it('counts an unreachable webhook as a failed delivery', async () => {
    await authorizeShopee(sb);
    await hook.close();
    const sent = await sb.shopperSend({
      platform: 'shopee',
      shopId: '947042923',
      buyerId: '880011',
      text: 'Hi',
    });
    expect(sent.push).toBe('retrying');
    await sb.state.pushes.idle();
    expect(sb.state.data.shopee.lostPushes).toHaveLength(1);
    hook = await webhookServer();
  });
});

describe('Lazada IM pushes', () => {
  it('pushes a session update (message type 19), signed with HMAC(app_secret, app_key + body)', async () => {
    await authorizeLazada(sb);
    const sent = await sb.shopperSend({
      platform: 'lazada',
      shopId: '100094063',
      buyerId: '1880033',
      text: 'Hai',
    });
    expect(sent.push).toBe('delivered');
    const [push] = hook.received;
    expect(push!.headers.authorization).toBe(lazadaPushSignature(push!.body));
    expect(JSON.parse(push!.body)).toEqual({
      seller_id: '100094063',
      message_type: 19,
      data: {
        sync_type: 'SESSION_UPDATE',
        user_account_id: '100094063',
        user_account_type: 2,
        session_id: sent.conversationId,
        unread_count: 1,
        to_position: sb.clock.now,
        self_position: 0,
        site_id: 'MY',
      },
      timestamp: sb.clock.now,
      site: 'lazada_my',
    });
    expect(sent.conversationId).toMatch(/^100094063_2_1880033_1_\d+$/);
  });

  it('pushes the seller’s own sends, and the pushed session leads to the new message', async () => {
    const { accessToken } = await authorizeLazada(sb);
    const session = '100094063_2_1880011_1_101';
    const params = lazadaParams(sb.clock.now, '/im/message/send', {
      access_token: accessToken,
      session_id: session,
      template_id: '1',
      txt: 'Stok ada!',
    });
    await sb.app.inject({ url: `/lazada/rest/im/message/send?${params}` });
    await sb.state.pushes.idle();
    const push = JSON.parse(hook.received[0]!.body);
    expect(push.data.session_id).toBe(session);
    const list = await sb.app.inject({
      url: `/lazada/rest/im/message/list?${lazadaParams(sb.clock.now, '/im/message/list', {
        access_token: accessToken,
        session_id: push.data.session_id,
        start_time: String(sb.clock.now),
        page_size: '1',
      })}`,
    });
    expect(JSON.parse(list.json().data.message_list[0].content)).toEqual({ txt: 'Stok ada!' });
  });
});
