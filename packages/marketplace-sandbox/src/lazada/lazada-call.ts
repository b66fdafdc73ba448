import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findShop } from '../data/lookup.ts';
import type { Shop } from '../data/types.ts';
import { checkGrant } from '../grants.ts';
import { hmacSha256Hex, sameSignature } from '../hmac.ts';
import { requestId } from '../ids.ts';
import { toRawJson } from '../raw-json.ts';
import type { SandboxState } from '../sandbox-state.ts';

/** An error answered in Lazada's envelope `{ code, type, message, request_id }`. */
export class LazadaError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly type: 'ISV' | 'ISP' | 'SYSTEM' = 'ISV',
  ) {
    super(message);
  }
}

export const missing = (name: string) =>
  new LazadaError('MissingParameter', `Missing required parameter: ${name}`);
export const invalid = (detail: string) => new LazadaError('InvalidParameter', detail);

export type Params = Record<string, string>;

export interface LazadaCall {
  params: Params;
  /** The seller the access token belongs to (API calls, not token calls). */
  shop: Shop | undefined;
}

export const required = (params: Params, name: string) => {
  const v = params[name];
  if (v === undefined || v === '') throw missing(name);
  return v;
};

export const intParam = (params: Params, name: string, fallback: number, min: number, max: number) => {
  const raw = params[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw invalid(`${name} must be an integer from ${min} to ${max}`);
  return n;
};

/** Parses Lazada's ISO 8601 dates, e.g. 2024-01-02T15:04:05+0800. */
export function dateParam(params: Params, name: string): number | undefined {
  const raw = params[name];
  if (!raw) return undefined;
  const ms = Date.parse(raw.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(ms)) throw invalid(`${name} must be an ISO 8601 date`);
  return ms;
}

/** Every parameter of the request: query string plus form or JSON body (all of them are signed). */
function paramsOf(request: FastifyRequest): Params {
  const params: Params = {};
  const add = (source: unknown) => {
    if (!source || typeof source !== 'object' || Array.isArray(source)) return;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      const value = Array.isArray(v) ? v[0] : v;
      params[k] = typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  };
  add(request.query);
  add(request.body);
  return params;
}

const TIMESTAMP_WINDOW_MS = 7200_000;

export function verifyLazada(state: SandboxState, request: FastifyRequest, needsToken: boolean): LazadaCall {
  const params = paramsOf(request);
  const { appKey, appSecret } = state.config.lazada;
  for (const name of ['app_key', 'timestamp', 'sign_method', 'sign']) required(params, name);
  if (params.app_key !== appKey) throw new LazadaError('InvalidAppKey', 'The specified app key is invalid');
  if (params.sign_method !== 'sha256')
    throw new LazadaError('IncompleteSignature', 'Unsupported sign_method; use sha256');
  const timestamp = Number(params.timestamp);
  if (!/^\d+$/.test(params.timestamp!) || Math.abs(state.now() - timestamp) > TIMESTAMP_WINDOW_MS)
    throw new LazadaError(
      'InvalidTimestamp',
      'The specified timestamp is invalid or expired (milliseconds expected)',
    );
  const path = request.url.split('?')[0]!;
  const apiPath = path.slice(path.indexOf('/rest/') + '/rest'.length);
  const base =
    apiPath +
    Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => k + params[k])
      .join('');
  const expected = hmacSha256Hex(appSecret, base).toUpperCase();
  if (!sameSignature(expected, params.sign!))
    throw new LazadaError(
      'IncompleteSignature',
      'The request signature does not conform to lazada standards',
    );
  if (!needsToken) return { params, shop: undefined };
  const token = required(params, 'access_token');
  const check = checkGrant(state.data.lazada.accessTokens, token, state.now());
  const shop = check.ok ? findShop(state.data.lazada, check.grant.shopId) : undefined;
  if (!shop) throw new LazadaError('IllegalAccessToken', 'The specified access token is invalid or expired');
  return { params, shop };
}

/** A Lazada API route; the gateway takes GET and POST alike, params in the query or the form body. */
export function lazadaRoute(
  app: FastifyInstance,
  state: SandboxState,
  route: {
    path: `/rest/${string}`;
    needsToken: boolean;
    /** Answers `data`, or (token calls) the whole body when `top` is set. */
    handler: (call: LazadaCall) => { data?: unknown; top?: Record<string, unknown> };
  },
) {
  app.route({
    method: ['GET', 'POST'],
    url: route.path,
    handler: async (request, reply) => {
      const result = route.handler(verifyLazada(state, request, route.needsToken));
      const body = result.top
        ? { ...result.top, code: '0', request_id: requestId() }
        : { code: '0', data: result.data, request_id: requestId() };
      // Long ids (bigint values) go out as bare number literals, as the platform writes them.
      return reply.type('application/json; charset=utf-8').send(toRawJson(body));
    },
  });
}
