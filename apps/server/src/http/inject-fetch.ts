import type { FastifyInstance } from 'fastify';

/**
 * A fetch that serves URLs under `base` from the app itself through `inject` (no socket) and sends
 * everything else to the network. The mounted marketplace sandbox is reached this way, so the real
 * clients run unchanged against it in one process, in tests and on a laptop alike.
 */
export function createInjectFetch(getApp: () => FastifyInstance | undefined, base: string): typeof fetch {
  const prefix = new URL(base);
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const app = getApp();
    if (!app || url.origin !== prefix.origin || !url.pathname.startsWith(prefix.pathname))
      return fetch(request);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) responseHeaders.append(key, v);
    }
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders,
    });
  };
}
