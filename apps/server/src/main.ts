import { loadGlossary } from '@balas/bot';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, localUrl } from './config.ts';
import { closeContext, createContext, webDistDir, widgetDistDir } from './context.ts';
import { registerJobs } from './jobs.ts';
import { repoRoot } from './paths.ts';
import { tuneHeap } from './platform/heap.ts';

/** The API process: HTTP + Socket.IO, and the job workers too unless WORKERS=off. */
async function main() {
  tuneHeap();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const ctx = await createContext(config);
  const app = await buildApp(ctx, { webDist: webDistDir(repoRoot), widgetDist: widgetDistDir(repoRoot) });
  await registerJobs(ctx, app.services, { schedule: config.workers === 'in-process' });
  // The Chinese segmenter and glossary take about a second to load: before serving, not on a shopper's first message.
  loadGlossary();
  await app.listen({ port: config.port, host: config.host });
  if (config.workers === 'in-process') await ctx.queue.startWorker();
  ctx.log.info(
    {
      url: config.publicUrl,
      listening: app.addresses().map((a) => (typeof a === 'string' ? a : localUrl(a.address, a.port))),
      database: ctx.database.kind,
      queue: config.redisUrl ? 'bullmq' : 'in-process',
      sandbox: config.sandbox,
    },
    `Balas is running at ${config.publicUrl}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await closeContext(ctx);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
