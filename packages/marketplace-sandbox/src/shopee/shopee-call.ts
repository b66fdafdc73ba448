import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findShop } from '../data/lookup.ts';
import type { Shop } from '../data/types.ts';
import { checkGrant } from '../grants.ts';
import { hmacSha256Hex, sameSignature } from '../hmac.ts';
import { requestId } from '../ids.ts';
import { toRawJson } from '../raw-json.ts';
import type { SandboxState } from '../sandbox-state.ts';

/** An error answered in Shopee's envelope `{ error, message, request_id }`. */
export class ShopeeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const paramError = (detail: string) =>
  new ShopeeError('error_param', `Wrong parameters, detail: ${detail}.`);
export const notFound = () => new ShopeeError('error_param', 'The information you queried is not found.');

export type Query = Record<string, string | string[] | undefined>;
export type Json = Record<string, unknown>;

export const first = (q: Query, key: string): string | undefined => {
  const v = q[key];
  return Array.isArray(v) ? v[0] : v;
};

/** All values of a parameter sent repeated (`a=1&a=2`), comma-joined (`1,2`) or bracketed (`[1,2]`). */
export const list = (q: Query, key: string): string[] => {
  const v = q[key];
  return (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .flatMap((s) => s.replace(/^\[|\]$/g, '').split(','))
    .map((s) => s.trim())
    .filter(Boolean);
};

/** An id given as a number or a decimal string (long ones arrive as strings, see the body parser). */
export const idParam = (value: unknown, name: string): string => {
  const s = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof s !== 'string' || !/^\d+$/.test(s)) throw paramError(`${name} is invalid`);
  return s;
};

export const intParam = (
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
) => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw paramError(`${name} should be between ${min} and ${max}`);
  return n;
};

export interface ShopeeCall {
  query: Query;
  body: Json;
  /** The calling shop (shop-level calls only). */
  shop: Shop | undefined;
  nowSec: number;
}

/** What a handler answers: business data under `response`, or (auth, shop info) at the top level. */
export type ShopeeResult = { response?: unknown; top?: Json; warning?: string } | undefined;

const TIMESTAMP_WINDOW_SECONDS = 300;

/** Common parameters and the signature, checked in the order Shopee's gateway checks them. */
export function verifyShopee(
  state: SandboxState,
  request: FastifyRequest,
  level: 'public' | 'shop',
): Shop | undefined {
  const q = request.query as Query;
  const need = (key: string) => {
    const v = first(q, key);
    if (!v) throw new ShopeeError('error_param', `There is no ${key} in query.`);
    return v;
  };
  const partnerId = need('partner_id');
  const timestamp = need('timestamp');
  const sign = need('sign');
  const accessToken = level === 'shop' ? need('access_token') : '';
  const shopId = level === 'shop' ? need('shop_id') : '';
  const { partnerId: expectedPartner, partnerKey } = state.config.shopee;
  if (!/^\d+$/.test(partnerId) || Number(partnerId) !== expectedPartner)
    throw new ShopeeError('error_param', 'Invalid partner_id.');
  if (!/^\d{1,12}$/.test(timestamp)) throw new ShopeeError('error_param', 'Invalid timestamp');
  if (Math.abs(Math.floor(state.now() / 1000) - Number(timestamp)) > TIMESTAMP_WINDOW_SECONDS)
    throw new ShopeeError('error_param', 'Timestamp is expired.');
  if (level === 'shop' && !/^\d+$/.test(shopId)) throw new ShopeeError('error_param', 'Invalid shop_id.');
  const path = request.url.split('?')[0]!;
  const apiPath = path.slice(path.indexOf('/api/v2/'));
  const expected = hmacSha256Hex(partnerKey, `${partnerId}${apiPath}${timestamp}${accessToken}${shopId}`);
  if (!sameSignature(expected, sign)) throw new ShopeeError('error_sign', 'Wrong sign.', 403);
  if (level === 'public') return undefined;
  const check = checkGrant(state.data.shopee.accessTokens, accessToken, state.now());
  if (!check.ok) {
    if (check.reason === 'revoked')
      throw new ShopeeError(
        'error_auth',
        'Invalid access_token: the shop has cancelled the authorization.',
        403,
      );
    throw new ShopeeError('invalid_acceess_token', 'Invalid access_token.', 403);
  }
  const shop = findShop(state.data.shopee, shopId);
  if (check.grant.shopId !== shopId || !shop)
    throw new ShopeeError('error_auth', 'Invalid partner_id or shopid.', 403);
  return shop;
}

export const sendShopee = (reply: FastifyReply, status: number, body: Json) =>
  reply.status(status).type('application/json; charset=utf-8').send(toRawJson(body));

export function shopeeRoute(
  app: FastifyInstance,
  state: SandboxState,
  route: {
    method: 'GET' | 'POST';
    path: `/api/v2/${string}`;
    /** 'public or shop': shop-level when the query carries an access_token. */
    level: 'public' | 'shop' | 'public or shop';
    handler: (call: ShopeeCall) => ShopeeResult;
  },
) {
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request, reply) => {
      const level =
        route.level === 'public or shop'
          ? first(request.query as Query, 'access_token')
            ? 'shop'
            : 'public'
          : route.level;
      const shop = verifyShopee(state, request, level);
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) throw paramError('the body must be a JSON object');
      const result = route.handler({
        query: request.query as Query,
        body: body as Json,
        shop,
        nowSec: Math.floor(state.now() / 1000),
      });
      const common = { error: '', message: '', warning: result?.warning ?? '', request_id: requestId() };
      if (result?.top) return sendShopee(reply, 200, { ...common, ...result.top });
      return sendShopee(reply, 200, result ? { ...common, response: result.response } : common);
    },
  });
}
