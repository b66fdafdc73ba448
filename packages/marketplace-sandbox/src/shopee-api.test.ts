import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeShopee, shopeeUrl, type TestSandbox, testSandbox } from './test-kit.ts';

let sb: TestSandbox;
let auth: { accessToken: string; shopId: string };
beforeAll(async () => {
  sb = await testSandbox();
  const t = await authorizeShopee(sb, '947042923');
  auth = { accessToken: t.accessToken, shopId: t.shopId };
});
afterAll(() => sb.app.close());

const get = (path: string, params: Record<string, string | string[]> = {}) =>
  sb.app.inject({ url: shopeeUrl(sb.clock.now, path, params, auth) });
/** POSTs raw JSON text, so big ids can be sent as number literals the way Shopee expects. */
const post = (path: string, json: string) =>
  sb.app.inject({
    method: 'POST',
    url: shopeeUrl(sb.clock.now, path, {}, auth),
    headers: { 'content-type': 'application/json' },
    payload: json,
  });
const response = <T = Record<string, unknown>>(res: { json: () => unknown }) =>
  (res.json() as { response: T }).response;
const BIG = (field: string) => new RegExp(`"${field}":(\\d{19})[,}]`, 'g');
const rawIds = (body: string, field: string) => [...body.matchAll(BIG(field))].map((m) => m[1]!);

describe('Shopee seller chat', () => {
  it('lists conversations newest first with big ids as raw number literals', async () => {
    const res = await get('/api/v2/sellerchat/get_conversation_list', {
      direction: 'older',
      type: 'all',
      page_size: '10',
    });
    expect(res.json().error).toBe('');
    const ids = rawIds(res.body, 'conversation_id');
    expect(ids).toHaveLength(2);
    expect(rawIds(res.body, 'latest_message_id')).toHaveLength(2);
    for (const id of ids) expect(BigInt(id) > 2n ** 53n).toBe(true);
    const list = response(res).conversations as { to_name: string; unread_count: number }[];
    expect(list.map((c) => c.to_name)).toEqual(['Tan Mei Ling', 'Nur Aisyah']);
    expect(list.map((c) => c.unread_count)).toEqual([2, 0]);
    expect(res.body).not.toMatch(/"conversation_id":"\d+","to_id"/);
  });

  it('pages with next_timestamp_nano and filters unread conversations', async () => {
    const firstPage = await get('/api/v2/sellerchat/get_conversation_list', {
      direction: 'older',
      type: 'all',
      page_size: '1',
    });
    const page = response(firstPage) as {
      page_result: { more: boolean; next_cursor: { next_message_time_nano: string } };
    };
    expect(page.page_result.more).toBe(true);
    const second = await get('/api/v2/sellerchat/get_conversation_list', {
      direction: 'older',
      type: 'all',
      page_size: '1',
      next_timestamp_nano: page.page_result.next_cursor.next_message_time_nano,
    });
    expect(second.body).toContain('"to_name":"Nur Aisyah"');
    expect(response<{ page_result: { more: boolean } }>(second).page_result.more).toBe(false);
    const unread = await get('/api/v2/sellerchat/get_conversation_list', {
      direction: 'latest',
      type: 'unread',
    });
    expect((response(unread).conversations as unknown[]).length).toBe(1);
    const missing = await get('/api/v2/sellerchat/get_conversation_list', { type: 'all' });
    expect(missing.json()).toMatchObject({ error: 'error_param' });
  });

  it('reads one conversation and its messages page by page, newest first', async () => {
    const list = await get('/api/v2/sellerchat/get_conversation_list', { direction: 'older', type: 'all' });
    const aisyah = rawIds(list.body, 'conversation_id')[1]!;
    const one = await get('/api/v2/sellerchat/get_one_conversation', { conversation_id: aisyah });
    expect(one.body).toContain(`"conversation_id":${aisyah},`);
    expect(one.body).toContain('"to_id":880011');

    const p1 = await get('/api/v2/sellerchat/get_message', { conversation_id: aisyah, page_size: '3' });
    const first = response(p1) as {
      messages: { message_type: string }[];
      page_result: { next_offset: string };
    };
    expect(first.messages.map((m) => m.message_type)).toEqual(['text', 'text', 'item']);
    expect(rawIds(p1.body, 'message_id')).toHaveLength(3);
    expect(p1.body).toMatch(/"from_shop_id":947042923,.*"to_shop_id":0/);
    const p2 = await get('/api/v2/sellerchat/get_message', {
      conversation_id: aisyah,
      page_size: '3',
      offset: first.page_result.next_offset,
    });
    const second = response(p2) as {
      messages: { content: { text: string } }[];
      page_result: { next_offset: string };
    };
    expect(second.messages.map((m) => m.content.text)).toEqual([
      'Hi, is the romper still available in 3-6M?',
    ]);
    expect(second.page_result.next_offset).toBe('');

    const unknown = await get('/api/v2/sellerchat/get_message', { conversation_id: '7000000000000000001' });
    expect(unknown.json().error).toBe('error_param');
  });

  it('sends text and product messages, and marks a conversation read from a raw big-number body', async () => {
    const sent = await post(
      '/api/v2/sellerchat/send_message',
      '{"to_id":880022,"message_type":"text","content":{"text":"Shipping today!"}}',
    );
    expect(sent.json()).toMatchObject({ error: '', response: { to_id: 880022, message_type: 'text' } });
    const [messageId] = rawIds(sent.body, 'message_id');
    const [conversationId] = rawIds(sent.body, 'conversation_id');
    expect(messageId && conversationId).toBeTruthy();

    const item = await post(
      '/api/v2/sellerchat/send_message',
      '{"to_id":880022,"message_type":"item","content":{"item_id":2300100105}}',
    );
    expect(item.json().response.content).toEqual({ item_id: 2_300_100_105, shop_id: 947_042_923 });

    // The buyer writes again; the shop reads up to its own earlier message: one unread remains.
    await sb.shopperSend({ platform: 'shopee', shopId: '947042923', buyerId: '880022', text: 'Thanks!' });
    const read = await post(
      '/api/v2/sellerchat/read_conversation',
      `{"conversation_id":${conversationId},"last_read_message_id":${messageId}}`,
    );
    expect(read.json()).toMatchObject({ error: '', response: {} });
    const one = await get('/api/v2/sellerchat/get_one_conversation', { conversation_id: conversationId! });
    expect(one.body).toContain(`"last_read_message_id":${messageId},`);
    expect(response(one).unread_count).toBe(1);
  });

  it('refuses unknown buyers, message types and products in send_message', async () => {
    const cases: [string, string][] = [
      ['{"to_id":123,"message_type":"text","content":{"text":"x"}}', 'to_id'],
      ['{"to_id":880011,"message_type":"video","content":{}}', 'message_type'],
      ['{"to_id":880011,"message_type":"item","content":{"item_id":1}}', 'not in this shop'],
      ['{"to_id":880011,"message_type":"text","content":{}}', 'content.text'],
      ['{"to_id":880011,"message_type":"text","content":{"text":', 'not valid JSON'],
    ];
    for (const [json, hint] of cases) {
      const res = await post('/api/v2/sellerchat/send_message', json);
      expect(res.json()).toMatchObject({ error: 'error_param' });
      expect(res.json().message).toContain(hint);
    }
  });
});

describe('Shopee shop, products and vouchers', () => {
  it('answers get_shop_info at the top level', async () => {
    const res = await get('/api/v2/shop/get_shop_info');
    expect(res.json()).toMatchObject({
      error: '',
      shop_name: 'Kedai Bayi Comel (Shopee)',
      region: 'MY',
      status: 'NORMAL',
    });
    expect(res.json().response).toBeUndefined();
    expect(res.json().auth_time).toBe(Math.floor(sb.clock.now / 1000));
  });

  it('pages the item list by status', async () => {
    const first = await get('/api/v2/product/get_item_list', {
      offset: '0',
      page_size: '10',
      item_status: 'NORMAL',
    });
    expect(response(first)).toMatchObject({ total_count: 16, has_next_page: true, next_offset: 10 });
    const rest = await get('/api/v2/product/get_item_list', {
      offset: '10',
      page_size: '10',
      item_status: 'NORMAL',
    });
    expect(response(rest)).toMatchObject({ has_next_page: false });
    expect((response(rest).item as unknown[]).length).toBe(6);
    const both = await get('/api/v2/product/get_item_list', {
      offset: '0',
      page_size: '100',
      item_status: ['NORMAL', 'UNLIST'],
    });
    expect(response(both).total_count).toBe(17);
    const missing = await get('/api/v2/product/get_item_list', { offset: '0', page_size: '10' });
    expect(missing.json().error).toBe('error_param');
  });

  it('gives base info without price_info for items with models, and models with prices and stock', async () => {
    const res = await get('/api/v2/product/get_item_base_info', { item_id_list: '2300100101,2300100103' });
    const [romper, busyBoard] = response(res).item_list as Record<string, unknown>[];
    expect(romper).toMatchObject({ item_name: 'Cotton Baby Romper', has_model: true });
    expect(romper!.price_info).toBeUndefined();
    expect(busyBoard).toMatchObject({
      has_model: false,
      price_info: [{ currency: 'MYR', current_price: 119, original_price: 119 }],
      stock_info_v2: { summary_info: { total_available_stock: 18 } },
      image: {
        image_url_list: ['http://sandbox.test/sandbox/assets/products/2300100103.svg', expect.any(String)],
      },
    });
    const models = await get('/api/v2/product/get_model_list', { item_id: '2300100101' });
    const m = response(models) as {
      tier_variation: { name: string }[];
      model: { tier_index: number[]; price_info: { current_price: number }[] }[];
    };
    expect(m.tier_variation.map((t) => t.name)).toEqual(['Size', 'Colour']);
    expect(m.model).toHaveLength(6);
    expect(m.model.find((x) => x.tier_index.join() === '2,1')?.price_info[0]?.current_price).toBe(33.9);
    const tooMany = Array.from({ length: 51 }, (_, i) => String(2_300_100_101 + i)).join(',');
    expect((await get('/api/v2/product/get_item_base_info', { item_id_list: tooMany })).json().error).toBe(
      'error_param',
    );
  });

  it('searches items by name and lists vouchers by status', async () => {
    const hits = await get('/api/v2/product/search_item', { item_name: 'isofix seat', page_size: '10' });
    expect(response(hits)).toMatchObject({ item_id_list: [2_300_100_105], total_count: 1 });
    const page = await get('/api/v2/product/search_item', { item_name: 'baby', page_size: '2' });
    expect(response(page)).toMatchObject({ total_count: 4, next_offset: '2' });
    const ongoing = await get('/api/v2/voucher/get_voucher_list', { status: 'ongoing' });
    const codes = (response(ongoing).voucher_list as { voucher_code: string }[]).map((v) => v.voucher_code);
    expect(codes).toEqual(['COMEL5', 'COMEL10']);
    const all = await get('/api/v2/voucher/get_voucher_list', { status: 'all', page_size: '3' });
    expect(response(all)).toMatchObject({ more: true });
    expect((await get('/api/v2/voucher/get_voucher_list')).json().error).toBe('error_param');
  });

  it('answers unknown paths in the Shopee envelope', async () => {
    const res = await get('/api/v2/order/not_a_call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'error_not_found' });
  });
});
