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
  /** Persists soon (debounced); a no-op without statePath. */
  save(): void;
  /** Writes pending changes now. */
  flush(): void;
  /** Stops push retries (waiting pushes become lost ones) and writes pending changes. */
  close(): Promise<void>;
}

const SAVE_DELAY_MS = 250;

export function createSandboxState(options: SandboxOptions): SandboxState {
  const config = resolveConfig(options);
  const data = loadData(config.statePath, config.now());
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
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
      if (!config.statePath) return;
      dirty = true;
      if (timer) return;
      timer = setTimeout(flush, SAVE_DELAY_MS);
      timer.unref();
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
