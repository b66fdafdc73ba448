import { describe, expect, it, vi } from 'vitest';
import { MarketplaceError } from './errors.ts';
import { fakeFetch, noSleep, reply } from './fake-fetch.ts';
import { backoffDelay, callPlatform, createTransport, type PlatformCall } from './transport.ts';

const platformCall = (idempotent = true): PlatformCall => ({
  platform: 'shopee',
  idempotent,
  build: () => ({ url: 'http://platform.test/api', init: { method: 'GET' } }),
  check: (b, httpStatus) =>
    typeof b.error === 'string' && b.error
      ? new MarketplaceError({ platform: 'shopee', code: b.error, message: 'm', httpStatus })
      : null,
});

describe('callPlatform', () => {
  it('retries a 500 and returns the next good answer, sleeping with backoff', async () => {
    const { fetch, sent } = fakeFetch(reply({ error: 'error_server' }, 500), reply({ error: '', ok: 1 }));
    const sleep = vi.fn(noSleep);
    const t = createTransport({ fetch, sleep, random: () => 0.5 });
    expect(await callPlatform(t, platformCall())).toEqual({ error: '', ok: 1 });
    expect(sent).toHaveLength(2);
    expect(sleep).toHaveBeenCalledExactlyOnceWith(backoffDelay(0, () => 0.5));
  });

  it('never retries a 4xx business error', async () => {
    const { fetch, sent } = fakeFetch(reply({ error: 'error_param' }, 400), reply({ error: '' }));
    const t = createTransport({ fetch, sleep: noSleep });
    await expect(callPlatform(t, platformCall())).rejects.toMatchObject({
      code: 'error_param',
      httpStatus: 400,
    });
    expect(sent).toHaveLength(1);
  });

  it('retries network errors and gives up after the configured retries', async () => {
    const { fetch, sent } = fakeFetch(new TypeError('fetch failed'));
    const t = createTransport({ fetch, sleep: noSleep, retries: 2 });
    await expect(callPlatform(t, platformCall())).rejects.toMatchObject({ code: 'network' });
    expect(sent).toHaveLength(3);
  });

  it('maps a non-JSON error page to http_<status>, and a 200 that is not JSON to bad_response', async () => {
    const t1 = createTransport({
      fetch: fakeFetch(new Response('<html>', { status: 502 })).fetch,
      retries: 0,
    });
    await expect(callPlatform(t1, platformCall())).rejects.toMatchObject({
      code: 'http_502',
      httpStatus: 502,
    });
    const t2 = createTransport({ fetch: fakeFetch(new Response('oops')).fetch, retries: 0 });
    await expect(callPlatform(t2, platformCall())).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('retries a non-idempotent call only when it was throttled', async () => {
    const busy = fakeFetch(reply({}, 503), reply({ error: '' }));
    await expect(
      callPlatform(createTransport({ fetch: busy.fetch, sleep: noSleep }), platformCall(false)),
    ).rejects.toMatchObject({ code: 'http_503' });
    expect(busy.sent).toHaveLength(1);

    const throttled = fakeFetch(reply({ error: 'error_rate_limit' }, 429), reply({ error: '' }));
    await callPlatform(createTransport({ fetch: throttled.fetch, sleep: noSleep }), platformCall(false));
    expect(throttled.sent).toHaveLength(2);
  });

  it('aborts a request that outlives the timeout', async () => {
    const hanging: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const t = createTransport({ fetch: hanging, timeoutMs: 5, retries: 0 });
    await expect(callPlatform(t, platformCall())).rejects.toMatchObject({ code: 'timeout' });
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt, jitters within the upper half of the step, and caps at 8 s', () => {
    expect([0, 1, 2].map((a) => backoffDelay(a, () => 0))).toEqual([250, 500, 1000]);
    expect([0, 1, 2].map((a) => backoffDelay(a, () => 0.999999))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(20, () => 0.999999)).toBe(8000);
  });
});
