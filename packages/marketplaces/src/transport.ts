import { parseJsonKeepingBigInts } from './big-json.ts';
import { isRetryable, MarketplaceError, type Platform } from './errors.ts';
import { isJson, type Json } from './wire-values.ts';

/** What the clients depend on, injectable so tests control time, the network and waiting. */
export interface TransportOptions {
  fetch?: typeof fetch;
  /** Milliseconds since the epoch. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Extra attempts after the first one (default 3). */
  retries?: number;
  /** Per attempt (default 15 s). */
  timeoutMs?: number;
  /** Jitter source in [0, 1). */
  random?: () => number;
}

export type Transport = Required<TransportOptions>;

export const createTransport = (o: TransportOptions): Transport => ({
  fetch: o.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  now: o.now ?? Date.now,
  sleep: o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  retries: o.retries ?? 3,
  timeoutMs: o.timeoutMs ?? 15_000,
  random: o.random ?? Math.random,
});

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/** Exponential backoff with "equal jitter": half the step is fixed, half random. */
export function backoffDelay(attempt: number, random: () => number): number {
  const step = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(step / 2 + (random() * step) / 2);
}

export interface PlatformCall {
  platform: Platform;
  /** Called per attempt, so each retry is signed with a fresh timestamp. */
  build: () => { url: string; init: RequestInit };
  /** The platform's error in a parsed body, if any. */
  check: (body: Json, httpStatus: number) => MarketplaceError | null;
  /** False for calls that must not run twice (sending a message). */
  idempotent: boolean;
}

export async function callPlatform(t: Transport, call: PlatformCall): Promise<Json> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(t, call);
    } catch (error) {
      if (attempt >= t.retries || !isRetryable(error, call.idempotent)) throw error;
      await t.sleep(backoffDelay(attempt, t.random));
    }
  }
}

async function attemptOnce(t: Transport, call: PlatformCall): Promise<Json> {
  const { platform } = call;
  const { url, init } = call.build();
  let status: number;
  let text: string;
  try {
    const res = await t.fetch(url, { ...init, signal: AbortSignal.timeout(t.timeoutMs) });
    status = res.status;
    text = await res.text();
  } catch (cause) {
    const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new MarketplaceError({ platform, code: timedOut ? 'timeout' : 'network', message, cause });
  }
  const ok = status >= 200 && status < 300;
  let body: unknown;
  try {
    body = text.trim() === '' ? {} : parseJsonKeepingBigInts(text);
  } catch {
    body = undefined;
  }
  if (isJson(body)) {
    const error = call.check(body, status);
    if (error) throw error;
    if (ok) return body;
  }
  throw new MarketplaceError({
    platform,
    code: ok ? 'bad_response' : `http_${status}`,
    message: text.slice(0, 200) || `HTTP ${status}`,
    httpStatus: status,
  });
}

/** A base URL without its trailing slashes; the platform path is appended to it as is. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');
