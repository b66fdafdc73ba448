import { loadGlossary } from '@balas/bot';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { closeContext, createContext } from '../apps/server/src/context.ts';
import { shops } from '../apps/server/src/db/schema.ts';
import { registerJobs } from '../apps/server/src/jobs.ts';
import { tuneHeap } from '../apps/server/src/platform/heap.ts';
import { createServices } from '../apps/server/src/services.ts';

/**
 * The cold-shops bench's worker: what `worker-main.ts` starts (context, services, job handlers, the
 * glossary, the queue's worker), bundled into apps/server/dist like it, plus a channel on which the
 * bench asks shops questions through the worker's own answering service. Jobs are not scheduled, so
 * no periodic job runs over the seeded shops while answers are timed.
 */

export type WorkerAsk =
  | { kind: 'ask'; shopId: string; question: string }
  | { kind: 'settle' }
  /** Settles once the indexes this worker built are stored (the seeding waits for its workers'). */
  | { kind: 'written' }
  | { kind: 'stop' };
export type WorkerReply =
  | { kind: 'ready'; memory: NodeJS.MemoryUsage }
  | {
      kind: 'answered';
      ms: number;
      memory: NodeJS.MemoryUsage;
      cache: { shops: number; bytes: number; budgetBytes: number; evictions: number };
    }
  | { kind: 'written' }
  | {
      kind: 'settled';
      memory: NodeJS.MemoryUsage;
      heapLimit: number;
      /** Each V8 heap space: MB reserved from the system and MB of it in use. */
      spaces: Record<string, { size: number; used: number }>;
    };

tuneHeap();
const ctx = await createContext(loadConfig(), { role: 'worker' });
const services = createServices(ctx);
await registerJobs(ctx, services, { schedule: false });
loadGlossary();
await ctx.queue.startWorker();

const send = (reply: WorkerReply) => process.send?.(reply);

process.on('message', (message: WorkerAsk) => {
  void (async () => {
    if (message.kind === 'stop') {
      await closeContext(ctx);
      process.exit(0);
    }
    if (message.kind === 'written') {
      await services.answering.indexesWritten();
      send({ kind: 'written' });
      return;
    }
    if (message.kind === 'settle') {
      // Only what is still referenced: the cache and the process (needs --expose-gc).
      globalThis.gc?.();
      const { getHeapSpaceStatistics, getHeapStatistics } = await import('node:v8');
      const mb = (b: number) => Math.round(b / 1024 / 1024);
      send({
        kind: 'settled',
        memory: process.memoryUsage(),
        heapLimit: getHeapStatistics().heap_size_limit,
        spaces: Object.fromEntries(
          getHeapSpaceStatistics().map((s) => [
            s.space_name,
            { size: mb(s.space_size), used: mb(s.space_used_size) },
          ]),
        ),
      });
      return;
    }
    const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, message.shopId));
    if (!shop) throw new Error(`no shop ${message.shopId}`);
    const started = performance.now();
    await services.answering.answer(shop, message.question, { conversation: 'bench', log: false });
    const ms = performance.now() - started;
    const { shops: held, bytes, budgetBytes, evictions } = services.answering.indexStats();
    send({
      kind: 'answered',
      ms,
      memory: process.memoryUsage(),
      cache: { shops: held, bytes, budgetBytes, evictions },
    });
  })();
});
send({ kind: 'ready', memory: process.memoryUsage() });
