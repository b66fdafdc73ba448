import type { IncomingMessage } from 'node:http';

const overridable = new Set(['DELETE', 'PUT', 'PATCH']);

/** `POST /x?_method=DELETE` is routed as `DELETE /x` (spec §7). Runs before routing, also under inject. */
export function overrideMethod(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (req.method === 'POST' && url.includes('_method=')) {
    const method = new URLSearchParams(url.split('?')[1] ?? '').get('_method')?.toUpperCase();
    if (method && overridable.has(method)) req.method = method;
  }
  return url;
}
