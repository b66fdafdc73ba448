import type { Platform } from '../data/types.ts';

export interface PushDelivery {
  platform: Platform;
  shopId: string;
  code: number;
  url: string;
  body: string;
  authorization: string;
}

export type PushOutcome = 'delivered' | 'lost';

export interface PushTicket {
  /** Whether the first attempt was acknowledged with a 2xx. */
  first: Promise<boolean>;
  /** After the retries: delivered, or given up (Shopee then lists it in get_lost_push_message). */
  done: Promise<PushOutcome>;
}

interface Deps {
  fetch: typeof fetch;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  onLost: (delivery: PushDelivery) => void;
}

/** Delivers signed pushes to our webhooks, retrying with growing waits, as the platforms do. */
export class PushDispatcher {
  private readonly pending = new Set<Promise<PushOutcome>>();
  private readonly sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  private closed = false;

  constructor(private readonly deps: Deps) {}

  send(delivery: PushDelivery): PushTicket {
    let settleFirst: (ok: boolean) => void = () => {};
    const first = new Promise<boolean>((resolve) => {
      settleFirst = resolve;
    });
    const done = this.run(delivery, settleFirst).finally(() => this.pending.delete(done));
    this.pending.add(done);
    return { first, done };
  }

  /** Resolves when no push is in flight or waiting for a retry. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Stops retrying: pushes still waiting count as lost. */
  close(): void {
    this.closed = true;
    for (const s of this.sleepers) {
      clearTimeout(s.timer);
      s.wake();
    }
    this.sleepers.clear();
  }

  private async run(delivery: PushDelivery, settleFirst: (ok: boolean) => void): Promise<PushOutcome> {
    for (let attempt = 0; ; attempt++) {
      const ok = !this.closed && (await this.attempt(delivery));
      if (attempt === 0) settleFirst(ok);
      if (ok) return 'delivered';
      const wait = this.deps.retryDelaysMs[attempt];
      if (wait === undefined || this.closed) break;
      await this.sleep(wait);
    }
    this.deps.onLost(delivery);
    return 'lost';
  }

  private async attempt(d: PushDelivery): Promise<boolean> {
    try {
      const res = await this.deps.fetch(d.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: d.authorization },
        body: d.body,
        signal: AbortSignal.timeout(this.deps.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.ok;
    } catch {
      return false;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          this.sleepers.delete(sleeper);
          resolve();
        }, ms),
        wake: resolve,
      };
      sleeper.timer.unref();
      this.sleepers.add(sleeper);
    });
  }
}
