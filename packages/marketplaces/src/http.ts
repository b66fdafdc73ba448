import { isRetryable, MarketplaceError, type Platform } from './errors.ts';
import { parseJsonKeepingBigInts } from './json.ts';

export interface Transport {
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  retries: number;
  timeoutMs: number;
}

export interface TransportOptions {
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  retries?: number;
  timeoutMs?: number;
}

export const transport = (o: TransportOptions = {}): Transport => ({
  fetch: o.fetch ?? fetch,
  now: o.now ?? Date.now,
  sleep: o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
  retries: o.retries ?? 3,
  timeoutMs: o.timeoutMs ?? 15_000,
});

/**
 * One HTTP call with retries (exponential backoff with jitter) on 429, 5xx, network errors and the
 * platform's throttling codes. `check` turns a parsed body into a MarketplaceError or null.
 * `build` is called per attempt so signatures carry a fresh timestamp.
 */
export async function call<T>(
  platform: Platform,
  t: Transport,
  build: () => { url: string; init: RequestInit },
  check: (body: unknown, status: number) => MarketplaceError | null,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const { url, init } = build();
      let res: Response;
      try {
        res = await t.fetch(url, { ...init, signal: AbortSignal.timeout(t.timeoutMs) });
      } catch (error) {
        throw new MarketplaceError(platform, 'network', (error as Error).message);
      }
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? parseJsonKeepingBigInts(text) : {};
      } catch {
        throw new MarketplaceError(
          platform,
          res.ok ? 'bad_response' : `http_${res.status}`,
          text.slice(0, 200),
          {
            httpStatus: res.status,
          },
        );
      }
      const error = check(body, res.status);
      if (error) throw error;
      if (!res.ok)
        throw new MarketplaceError(platform, `http_${res.status}`, text.slice(0, 200), {
          httpStatus: res.status,
        });
      return body as T;
    } catch (error) {
      if (attempt >= t.retries || !isRetryable(error)) throw error;
      const backoff = 250 * 2 ** attempt;
      await t.sleep(backoff + Math.floor(Math.random() * backoff * 0.2));
    }
  }
}
