import { loadData, writeData } from './data/persistence.ts';
import type { SandboxData } from './data/types.ts';
import { resolveConfig, type SandboxConfig, type SandboxOptions } from './options.ts';
import { PushDispatcher } from './push/dispatcher.ts';

/** The sandbox's data plus what acts on it: persistence and push delivery. */
export interface SandboxState {
  readonly config: SandboxConfig;
  readonly data: SandboxData;
  readonly pushes: PushDispatcher;
  now(): number;
  /**
   * Persists the change before anything else happens (an answer, a push): the changes of one turn
   * of the event loop are written once, as soon as it ends. A no-op without statePath.
   */
  save(): void;
  /** Writes pending changes now. */
  flush(): void;
  /** Stops push retries (waiting pushes become lost ones) and writes pending changes. */
  close(): Promise<void>;
}

export function createSandboxState(options: SandboxOptions): SandboxState {
  const config = resolveConfig(options);
  const data = loadData(config.statePath, config.now());
  let dirty = false;

  const flush = () => {
    if (!dirty || !config.statePath) return;
    dirty = false;
    writeData(config.statePath, data);
  };

  const state: SandboxState = {
    config,
    data,
    pushes: new PushDispatcher({
      fetch: config.fetch,
      retryDelaysMs: config.pushRetryDelaysMs,
      timeoutMs: config.pushTimeoutMs,
      onLost(delivery) {
        // Shopee keeps lost pushes for get_lost_push_message; Lazada has no such list.
        if (delivery.platform !== 'shopee') return;
        const p = data.shopee;
        p.lostPushes.push({
          id: p.nextLostPushId++,
          shopId: delivery.shopId,
          code: delivery.code,
          timestamp: Math.floor(config.now() / 1000),
          data: delivery.body,
        });
        state.save();
      },
    }),
    now: () => config.now(),
    save() {
      if (!config.statePath || dirty) return;
      dirty = true;
      // Before any I/O: a crash after the sandbox answered never loses what the answer said it did.
      queueMicrotask(flush);
    },
    flush,
    async close() {
      state.pushes.close();
      await state.pushes.idle();
      flush();
    },
  };
  return state;
}
