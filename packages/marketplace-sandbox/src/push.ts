import { createHmac } from 'node:crypto';
import type { Store } from './state.ts';

export interface PushTarget {
  url: string | undefined;
  sign: (body: string) => string;
}

/**
 * Delivers a signed push to our webhook: a few retries with backoff, then into the platform's
 * lost-push list (Shopee's get_lost_push_message) so the receiver can catch up.
 */
export function deliverPush(
  fetchImpl: typeof fetch,
  store: Store,
  platform: 'shopee' | 'lazada',
  shopId: string,
  target: PushTarget,
  body: string,
): Promise<void> {
  const url = target.url;
  if (!url) return Promise.resolve();
  const attempt = async (n: number): Promise<void> => {
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: target.sign(body) },
        body,
      });
      if (res.ok) return;
      throw new Error(`webhook answered ${res.status}`);
    } catch {
      if (n < 3) {
        await new Promise((r) => setTimeout(r, 200 * 2 ** n));
        return attempt(n + 1);
      }
      store.state[platform].lostPushes.push({ id: String(Date.now()), shopId, body });
      store.save();
    }
  };
  return attempt(0);
}

export const hmacHex = (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest('hex');
