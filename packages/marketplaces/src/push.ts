import { parseJsonKeepingBigInts } from './json.ts';
import { type ShopeeMessage, toShopeeMessage } from './shopee.ts';

type Json = Record<string, unknown>;
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export type ShopeePush =
  | {
      kind: 'message';
      shopId: string;
      timestamp: number;
      message: ShopeeMessage;
      fromUserName: string;
      toUserName: string;
    }
  | { kind: 'notification'; shopId: string; timestamp: number; data: Json }
  | { kind: 'other'; code: number; shopId: string; timestamp: number; data: Json };

/** A Shopee push body (code 10 is webchat). Big ids stay strings; `data.content` may itself be JSON text. */
export function parseShopeePush(rawBody: string): ShopeePush {
  const body = parseJsonKeepingBigInts(rawBody) as Json;
  const code = Number(body.code);
  const shopId = s(body.shop_id);
  const timestamp = Number(body.timestamp ?? 0);
  const data = (body.data ?? {}) as Json;
  if (code === 10) {
    if (data.type === 'message') {
      let content = data.content;
      if (typeof content === 'string') content = parseJsonKeepingBigInts(content);
      const c = (content ?? {}) as Json;
      return {
        kind: 'message',
        shopId,
        timestamp,
        message: toShopeeMessage(c),
        fromUserName: s(c.from_user_name),
        toUserName: s(c.to_user_name),
      };
    }
    return { kind: 'notification', shopId, timestamp, data };
  }
  return { kind: 'other', code, shopId, timestamp, data };
}

export type LazadaPush =
  | { kind: 'session'; sellerId: string; sessionId: string; timestamp: number; data: Json }
  | { kind: 'other'; messageType: number; sellerId: string; timestamp: number; data: Json };

/** A Lazada push body; message type 19 is an IM session update (fetch its messages). */
export function parseLazadaPush(rawBody: string): LazadaPush {
  const body = parseJsonKeepingBigInts(rawBody) as Json;
  const messageType = Number(body.message_type);
  const data = (body.data ?? {}) as Json;
  const sellerId = s(body.seller_id);
  const timestamp = Number(body.timestamp ?? 0);
  if (messageType === 19)
    return { kind: 'session', sellerId, sessionId: s(data.session_id), timestamp, data };
  return { kind: 'other', messageType, sellerId, timestamp, data };
}
