import { describe, expect, it } from 'vitest';
import { MarketplaceError } from './errors.ts';
import { fakeFetch, noSleep, reply } from './fake-fetch.ts';
import { createShopeeClient } from './shopee.ts';
import { shopeeTokenExpiry } from './shopee-wire.ts';
import { shopeeSign } from './sign.ts';

const NOW_MS = 1_700_000_000_123;
const NOW_S = 1_700_000_000;
const KEY = 'partner-key';
const auth = { accessToken: 'access-1', shopId: '600123456' };

function client(baseUrl: string, ...answers: Parameters<typeof fakeFetch>) {
  const fake = fakeFetch(...answers);
  const shopee = createShopeeClient({
    partnerId: 1000001,
    partnerKey: KEY,
    baseUrl,
    fetch: fake.fetch,
    now: () => NOW_MS,
    sleep: noSleep,
  });
  return { shopee, sent: fake.sent };
}

describe('Shopee URLs and signatures', () => {
  it('builds the authorization URL under a prefixed base, signing only the platform path', () => {
    const { shopee } = client('http://localhost:3000/sandbox/shopee/');
    const url = new URL(shopee.authorizationUrl('https://balas.example/cb?x=1'));
    expect(url.origin + url.pathname).toBe('http://localhost:3000/sandbox/shopee/api/v2/shop/auth_partner');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      partner_id: '1000001',
      timestamp: String(NOW_S),
      sign: shopeeSign(KEY, { partnerId: 1000001, path: '/api/v2/shop/auth_partner', timestamp: NOW_S }),
      redirect: 'https://balas.example/cb?x=1',
    });
  });

  it('does not double /api/v2 when the base URL already ends with it', () => {
    const { shopee } = client('https://partner.shopeemobile.com/api/v2');
    expect(new URL(shopee.authorizationUrl('https://x')).pathname).toBe('/api/v2/shop/auth_partner');
  });

  it('signs shop-level calls with access_token and shop_id, business params in the query', async () => {
    const { shopee, sent } = client('http://h/prefix', reply({ error: '', response: { item: [] } }));
    await shopee.getItemList(auth, { offset: 0, pageSize: 100, itemStatus: ['NORMAL', 'UNLIST'] });
    const url = sent[0]!.url;
    expect(url.pathname).toBe('/prefix/api/v2/product/get_item_list');
    expect(url.searchParams.get('access_token')).toBe('access-1');
    expect(url.searchParams.get('shop_id')).toBe('600123456');
    expect(url.searchParams.getAll('item_status')).toEqual(['NORMAL', 'UNLIST']);
    expect(url.searchParams.get('sign')).toBe(
      shopeeSign(KEY, {
        partnerId: 1000001,
        path: '/api/v2/product/get_item_list',
        timestamp: NOW_S,
        ...auth,
      }),
    );
  });
});

describe('Shopee tokens', () => {
  it('exchanges a code with integer ids in the JSON body and normalizes the answer', async () => {
    const { shopee, sent } = client(
      'http://h',
      reply({
        error: '',
        access_token: 'a',
        refresh_token: 'r',
        expire_in: 14_400,
        shop_id_list: [600123456],
      }),
    );
    const tokens = await shopee.getAccessToken({ code: 'code-1', shopId: '600123456' });
    expect(tokens).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: new Date(NOW_MS + 14_400_000),
      shopId: '600123456',
    });
    const req = sent[0]!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/api/v2/auth/token/get');
    expect(req.url.searchParams.has('access_token')).toBe(false);
    expect(req.url.searchParams.get('sign')).toBe(
      shopeeSign(KEY, { partnerId: 1000001, path: '/api/v2/auth/token/get', timestamp: NOW_S }),
    );
    expect(req.body).toBe('{"code":"code-1","partner_id":1000001,"shop_id":600123456}');
  });

  it('refreshes with the refresh token and keeps the new one', async () => {
    const { shopee, sent } = client(
      'http://h',
      reply({ error: '', access_token: 'a2', refresh_token: 'r2', expire_in: 14_400, shop_id: 600123456 }),
    );
    const tokens = await shopee.refreshAccessToken({ refreshToken: 'r1', shopId: '600123456' });
    expect(tokens.refreshToken).toBe('r2');
    expect(sent[0]!.url.pathname).toBe('/api/v2/auth/access_token/get');
    expect(sent[0]!.body).toBe('{"refresh_token":"r1","partner_id":1000001,"shop_id":600123456}');
  });

  it('reads a missing or timestamp-like expire_in as the documented 4 h', () => {
    expect(shopeeTokenExpiry(3_600, 0)).toEqual(new Date(3_600_000));
    expect(shopeeTokenExpiry(1_767_001_812, 0)).toEqual(new Date(14_400_000));
    expect(shopeeTokenExpiry(undefined, 0)).toEqual(new Date(14_400_000));
  });

  it('maps an error answer to a MarketplaceError', async () => {
    const { shopee } = client(
      'http://h',
      reply({ error: 'error_auth', message: 'Invalid access_token.', request_id: 'req-9' }, 403),
    );
    const e = await shopee.getShopInfo(auth).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(MarketplaceError);
    expect(e).toMatchObject({ platform: 'shopee', code: 'error_auth', requestId: 'req-9', httpStatus: 403 });
  });
});

describe('Shopee chat', () => {
  it('keeps big ids exact when reading messages', async () => {
    const { shopee, sent } = client(
      'http://h',
      reply(
        '{"error":"","response":{"messages":[{"message_id":2302748948493123953,"conversation_id":709122092476686867,' +
          '"from_id":165105353,"to_id":947151379,"message_type":"text","content":{"text":"order 2302748948493123953?"},' +
          '"created_timestamp":1726044721,"source":"web"}],"page_result":{"next_offset":"2302748948493123950"}}}',
      ),
    );
    const page = await shopee.getMessages(auth, { conversationId: '709122092476686867', pageSize: 25 });
    expect(sent[0]!.url.searchParams.get('conversation_id')).toBe('709122092476686867');
    expect(page.nextOffset).toBe('2302748948493123950');
    expect(page.messages[0]).toMatchObject({
      messageId: '2302748948493123953',
      conversationId: '709122092476686867',
      fromId: '165105353',
      content: { text: 'order 2302748948493123953?' },
    });
  });

  it('sends to_id as an exact number literal and never retries a send that may have arrived', async () => {
    const { shopee, sent } = client('http://h', reply({ error: 'error_server' }, 500));
    await expect(
      shopee.sendMessage(auth, {
        toId: '12345678901234567890',
        messageType: 'text',
        content: { text: 'hi' },
      }),
    ).rejects.toMatchObject({ code: 'error_server' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBe(
      '{"to_id":12345678901234567890,"message_type":"text","content":{"text":"hi"}}',
    );
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('pages the conversation list with its nanosecond cursor', async () => {
    const { shopee, sent } = client(
      'http://h',
      reply(
        '{"error":"","response":{"conversations":[{"conversation_id":709122092476686867,"to_id":947151379,' +
          '"to_name":"buyer","unread_count":2,"latest_message_content":{"text":"hi"},' +
          '"last_message_timestamp":1726044721000000000}],"page_result":{"more":true,' +
          '"next_cursor":{"next_message_time_nano":"1726044721000000000","conversation_id":"709122092476686867"}}}}',
      ),
    );
    const list = await shopee.getConversationList(auth, { direction: 'older', type: 'all', pageSize: 25 });
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toMatchObject({
      direction: 'older',
      type: 'all',
      page_size: '25',
    });
    expect(list.more).toBe(true);
    expect(list.nextTimestampNano).toBe('1726044721000000000');
    expect(list.conversations[0]).toMatchObject({
      conversationId: '709122092476686867',
      toId: '947151379',
      unreadCount: 2,
      lastMessageTimestamp: '1726044721000000000',
    });
  });
});

describe('Shopee catalogue and pushes', () => {
  it('reads item base info from a comma-joined id list', async () => {
    const { shopee, sent } = client(
      'http://h',
      reply({
        error: '',
        response: {
          item_list: [
            {
              item_id: 34001,
              item_name: 'Kopi',
              price_info: [{ currency: 'MYR', current_price: 12.5, original_price: 15 }],
              stock_info_v2: { summary_info: { total_available_stock: 7 } },
              image: { image_url_list: ['https://img/1'] },
              has_model: false,
            },
          ],
        },
      }),
    );
    const [item] = await shopee.getItemBaseInfo(auth, ['34001', '34002']);
    expect(sent[0]!.url.searchParams.get('item_id_list')).toBe('34001,34002');
    expect(item).toMatchObject({
      itemId: '34001',
      name: 'Kopi',
      price: 12.5,
      originalPrice: 15,
      currency: 'MYR',
      stock: 7,
      images: ['https://img/1'],
    });
  });

  it('reads shop info from the top level of the answer', async () => {
    const { shopee } = client(
      'http://h',
      reply({ error: '', shop_name: 'Kedai', region: 'MY', status: 'NORMAL' }),
    );
    expect(await shopee.getShopInfo(auth)).toMatchObject({
      shopName: 'Kedai',
      region: 'MY',
      status: 'NORMAL',
    });
  });

  it('fetches lost pushes with a public signature and confirms them by id', async () => {
    const lostData = JSON.stringify({
      code: 3,
      shop_id: 600123456,
      timestamp: 1660123127,
      data: { ordersn: 'X' },
    });
    const { shopee, sent } = client(
      'http://h',
      reply({
        error: '',
        response: {
          push_message_list: [{ shop_id: 600123456, code: 3, timestamp: 1660123127, data: lostData }],
          has_next_page: false,
          last_message_id: 176610,
        },
      }),
      reply({ error: '', response: {} }),
    );
    const lost = await shopee.getLostPushMessage();
    expect(sent[0]!.url.searchParams.has('access_token')).toBe(false);
    expect(lost).toEqual({
      pushes: [
        { kind: 'other', code: 3, shopId: '600123456', timestamp: 1660123127, data: { ordersn: 'X' } },
      ],
      hasNextPage: false,
      lastMessageId: '176610',
    });
    await shopee.confirmConsumedLostPushMessage(lost.lastMessageId);
    expect(sent[1]!.body).toBe('{"last_message_id":176610}');
  });
});
