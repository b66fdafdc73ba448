import { parseJsonKeepingBigInts } from './big-json.ts';
import { jsonObject, parseShopeeMessage, type ShopeeMessage } from './shopee-wire.ts';
import { type Json, num, obj, str } from './wire-values.ts';

/** Shopee push codes this package gives a shape to; any other code arrives as `other`. */
export const SHOPEE_WEBCHAT_PUSH = 10;
/** Lazada push message types: IM session update (no message body) and token about to expire. */
export const LAZADA_IM_SESSION_PUSH = 19;
export const LAZADA_TOKEN_EXPIRING_PUSH = 8;

export type ShopeePush =
  | {
      kind: 'message';
      /** '' for partner-level pushes. */
      shopId: string;
      timestamp: number;
      message: ShopeeMessage;
      fromUserName: string;
      toUserName: string;
    }
  /** A chat event with no message body: re-sync the conversations. */
  | { kind: 'notification'; shopId: string; timestamp: number; data: Json }
  | { kind: 'other'; code: number; shopId: string; timestamp: number; data: Json };

export type LazadaPush =
  | {
      kind: 'session';
      sellerId: string;
      timestamp: number;
      sessionId: string;
      unreadCount: number;
      data: Json;
    }
  | { kind: 'token-expiring'; sellerId: string; timestamp: number; data: Json }
  | { kind: 'other'; messageType: number; sellerId: string; timestamp: number; data: Json };

const parseObject = (rawBody: string): Json => {
  const body = parseJsonKeepingBigInts(rawBody);
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new SyntaxError('A push body must be a JSON object');
  return obj(body);
};

/** A Shopee push from its raw body; throws SyntaxError when the body is not a JSON object. */
export const parseShopeePush = (rawBody: string): ShopeePush => readShopeePush(parseObject(rawBody));

export function readShopeePush(body: Json): ShopeePush {
  const code = num(body.code, -1);
  const shopId = str(body.shop_id);
  const timestamp = num(body.timestamp);
  const data = jsonObject(body.data);
  if (code !== SHOPEE_WEBCHAT_PUSH) return { kind: 'other', code, shopId, timestamp, data };
  if (data.type !== 'message') return { kind: 'notification', shopId, timestamp, data };
  const content = jsonObject(data.content);
  return {
    kind: 'message',
    shopId,
    timestamp,
    message: parseShopeeMessage(content),
    fromUserName: str(content.from_user_name),
    toUserName: str(content.to_user_name),
  };
}

/** A Lazada push from its raw body; throws SyntaxError when the body is not a JSON object. */
export function parseLazadaPush(rawBody: string): LazadaPush {
  const body = parseObject(rawBody);
  const messageType = num(body.message_type, -1);
  const sellerId = str(body.seller_id);
  const timestamp = num(body.timestamp);
  const data = jsonObject(body.data);
  if (messageType === LAZADA_IM_SESSION_PUSH)
    return {
      kind: 'session',
      sellerId,
      timestamp,
      sessionId: str(data.session_id),
      unreadCount: num(data.unread_count),
      data,
    };
  if (messageType === LAZADA_TOKEN_EXPIRING_PUSH)
    return { kind: 'token-expiring', sellerId, timestamp, data };
  return { kind: 'other', messageType, sellerId, timestamp, data };
}
