import { loadGlossary } from '@balas/bot';
import { ConfigError, loadConfig } from './config.ts';
import { closeContext, createContext } from './context.ts';
import { registerJobs } from './jobs.ts';
import { tuneHeap } from './platform/heap.ts';
import { createServices } from './services.ts';

/** A worker process: consumes jobs and emits realtime events through Redis. Needs REDIS_URL. */
async function main() {
  tuneHeap();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    if (!config.redisUrl)
      throw new ConfigError('Invalid configuration: REDIS_URL is required to run a separate worker');
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const ctx = await createContext(config, { role: 'worker' });
  await registerJobs(ctx, createServices(ctx), { schedule: true });
  loadGlossary();
  await ctx.queue.startWorker();
  ctx.log.info('worker started');
  const stop = async () => {
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
