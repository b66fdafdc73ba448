import { describe, expect, it } from 'vitest';
import { parseLazadaPush, parseShopeePush } from './push.ts';

const webchatContent =
  '{"message_id":2302748948493123953,"conversation_id":709122092476686867,"shop_id":165103149,' +
  '"from_id":165105353,"from_user_name":"buyer","to_id":947151379,"to_user_name":"shop",' +
  '"message_type":"text","content":{"text":"is 2302748948493123953 in stock?"},"created_timestamp":1726044721}';

describe('parseShopeePush', () => {
  it('reads a webchat message with big ids as strings', () => {
    const push = parseShopeePush(
      `{"msg_id":"","code":10,"shop_id":947042923,"timestamp":1726044722,"data":{"type":"message","region":"ID","content":${webchatContent}}}`,
    );
    expect(push).toMatchObject({
      kind: 'message',
      shopId: '947042923',
      timestamp: 1726044722,
      fromUserName: 'buyer',
      toUserName: 'shop',
      message: {
        messageId: '2302748948493123953',
        conversationId: '709122092476686867',
        fromId: '165105353',
        messageType: 'text',
        content: { text: 'is 2302748948493123953 in stock?' },
      },
    });
  });

  it('reads data.content given as a JSON string, big ids included', () => {
    const push = parseShopeePush(
      JSON.stringify({
        code: 10,
        shop_id: 1,
        timestamp: 2,
        data: { type: 'message', content: webchatContent },
      }),
    );
    expect(push.kind === 'message' && push.message.messageId).toBe('2302748948493123953');
  });

  it('tells notifications and other codes apart', () => {
    expect(parseShopeePush('{"code":10,"shop_id":1,"timestamp":2,"data":{"type":"notification"}}')).toEqual({
      kind: 'notification',
      shopId: '1',
      timestamp: 2,
      data: { type: 'notification' },
    });
    expect(parseShopeePush('{"code":3,"shop_id":1,"timestamp":2,"data":{"ordersn":"X"}}')).toMatchObject({
      kind: 'other',
      code: 3,
    });
  });

  it('throws on a body that is not a JSON object', () => {
    expect(() => parseShopeePush('not json')).toThrow(SyntaxError);
    expect(() => parseShopeePush('[1]')).toThrow(SyntaxError);
  });
});

describe('parseLazadaPush', () => {
  it('reads an IM session update (message type 19)', () => {
    const push = parseLazadaPush(
      '{"seller_id":"1001","message_type":19,"timestamp":1700000000000,"site":"lazada_my","data":' +
        '{"sync_type":"SESSION_UPDATE","session_id":"100094063_2_1011822749_1_103","unread_count":2}}',
    );
    expect(push).toMatchObject({
      kind: 'session',
      sellerId: '1001',
      sessionId: '100094063_2_1011822749_1_103',
      unreadCount: 2,
      timestamp: 1700000000000,
    });
  });

  it('reads token expiry warnings and passes other types through', () => {
    expect(parseLazadaPush('{"seller_id":"1","message_type":8,"timestamp":1,"data":{}}').kind).toBe(
      'token-expiring',
    );
    expect(
      parseLazadaPush('{"seller_id":"1","message_type":0,"timestamp":1,"data":{"trade_order_id":"5"}}'),
    ).toEqual({ kind: 'other', messageType: 0, sellerId: '1', timestamp: 1, data: { trade_order_id: '5' } });
  });
});
