import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  logs: string[];
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Starts the real product as production runs it (`npm run serve`: the built server, SPA and sandbox) as a child process. */
export async function startServer(
  env: Record<string, string> = {},
  options: { fresh?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'balas-e2e-'));
  // The database the global setup migrated (data-template.ts), unless a fresh one is asked for.
  // (Imported here: the benches use this module's freePort outside vitest.)
  if (!options.fresh) {
    const { inject } = await import('vitest');
    cpSync(join(inject('dataTemplate'), 'pglite'), join(dataDir, 'pglite'), { recursive: true });
  }
  const url = `http://127.0.0.1:${port}`;
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  // A loaded machine (two browser specs at once on two cores) can take a minute to start the server.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not answer /api/health within 120 s:\n${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    dataDir,
    logs,
    async stop(stopOptions = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
