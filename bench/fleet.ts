import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { createSandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { startBalancer } from '../apps/server/src/chaos/balancer.ts';
import { api, merchantWithShopeeShop } from '../apps/server/src/test/processes.ts';
import { freePort } from '../e2e/support/server.ts';
import { spawnProduct } from './support.ts';

/**
 * The built product as a fleet of processes for the capacity benches: one embedded server, or API
 * processes (WORKERS=off, behind a round-robin balancer when there are several) and workers on
 * PostgreSQL + Redis; a Shopee sandbox with bench shops cloned from a demo shop, each connected to
 * its own merchant with the bot on and a FAQ to answer from.
 */

const TEMPLATE_SHOP = '947042987'; // a demo Shopee shop of the sandbox
const KNOWLEDGE = '/api/shopee/v1/lang_chain_push/loader';

export const FAQ = [
  'Delivery: parcels to Penang, Johor and Kuala Lumpur arrive in 2 to 3 working days.',
  'Orders paid before 4pm ship the same day from our Selangor warehouse.',
  'Returns: unused items can be returned within 7 days of delivery for a full refund.',
  'Opening hours: our team answers chats from 9am to 6pm, Monday to Saturday.',
  'Payment: we accept online banking, credit cards and Shopee Pay.',
].join('\n');
export const QUESTIONS = [
  'How long does delivery to Penang take?',
  'Can I return an unused item?',
  'Berapa lama pos ke Johor?',
  'What are your opening hours?',
  '可以用信用卡付款吗？',
  'When do orders paid before 4pm ship?',
];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const rssMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
/** User + system CPU time of a process so far, in ms (Linux /proc, 100 ticks a second). */
export const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

type Child = ReturnType<typeof spawnProduct>;

async function untilHealthy(url: string, child: Child) {
  const deadline = Date.now() + 90_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`server did not start:\n${child.logs.join('')}`);
    await sleep(100);
  }
}

async function untilLogged(child: Child, text: string) {
  const deadline = Date.now() + 90_000;
  while (!child.logs.some((l) => l.includes(text))) {
    if (child.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`worker did not start:\n${child.logs.join('')}`);
    await sleep(100);
  }
}

/** A sandbox with `shops` Shopee shops cloned from a demo shop, pushing to `webhookBase`. */
export async function startBenchSandbox(webhookBase: string, shops: number) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sandbox = await createSandbox({
    publicUrl: url,
    shopee: { ...sandboxDefaults.shopee, webhookUrl: `${webhookBase}/api/webhooks/shopee` },
    lazada: { ...sandboxDefaults.lazada },
  });
  const data = sandbox.state.data.shopee;
  const template = data.shops.find((s) => s.id === TEMPLATE_SHOP)!;
  const ids = Array.from({ length: shops }, (_, i) => String(948_100_000 + i));
  for (const [i, id] of ids.entries())
    data.shops.push({ ...template, id, userId: String(958_100_000 + i), name: `Bench shop ${i + 1}` });
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  return { sandbox, url, ids };
}

export interface Fleet {
  /** Where pushes and API calls go: the embedded server, the one API process, or the balancer. */
  entry: string;
  /** Each process's pid by its name ("server", "api 1", "worker 2"). */
  pids: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Starts the product on `entryPort`: embedded (`apis` 0: one `main.js` with its in-process queue), or
 * `apis` API processes and `workers` workers (give `env` DATABASE_URL and REDIS_URL).
 */
export async function startFleet(options: {
  apis: number;
  workers: number;
  entryPort: number;
  dataDir: string;
  sandboxUrl: string;
  env: Record<string, string>;
  /** Bot answers a shop may give an hour before it hands over (the flood limit). */
  answersPerHour: number;
}): Promise<Fleet> {
  const entry = `http://127.0.0.1:${options.entryPort}`;
  const shared = {
    HOST: '127.0.0.1',
    PUBLIC_URL: entry,
    DATA_DIR: options.dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
    SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
    SHOPEE_BASE_URL: `${options.sandboxUrl}/shopee`,
    BOT_ANSWERS_PER_HOUR: String(options.answersPerHour),
    ...options.env,
  };
  const children: Child[] = [];
  const pids: Record<string, number> = {};
  let balancer: Server | undefined;
  const stop = async () => {
    await Promise.all(children.map((c) => c.stop()));
    if (balancer) await new Promise<void>((r) => balancer!.close(() => r()));
  };
  try {
    if (options.apis === 0) {
      const server = spawnProduct('main.js', { ...shared, PORT: String(options.entryPort) });
      children.push(server);
      await untilHealthy(entry, server);
      pids.server = server.child.pid!;
      return { entry, pids, stop };
    }
    const ports =
      options.apis === 1
        ? [options.entryPort]
        : await Promise.all(Array.from({ length: options.apis }, () => freePort()));
    const targets = ports.map((p) => `http://127.0.0.1:${p}`);
    if (options.apis > 1) balancer = await startBalancer(targets, options.entryPort);
    for (const [i, port] of ports.entries()) {
      const child = spawnProduct('main.js', { ...shared, PORT: String(port), WORKERS: 'off' });
      children.push(child);
      await untilHealthy(targets[i]!, child); // the first one migrates
      pids[`api ${i + 1}`] = child.child.pid!;
    }
    for (let i = 0; i < options.workers; i++) {
      const child = spawnProduct('worker-main.js', { ...shared, LOG_LEVEL: 'info' });
      children.push(child);
      await untilLogged(child, '"worker started"');
      pids[`worker ${i + 1}`] = child.child.pid!;
    }
    return { entry, pids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Merchants run a few shops each (and sign-ups from one address are limited to 10 an hour). */
const SHOPS_PER_MERCHANT = 4;

/** Connects the bench shops, a few to a merchant, turns the bot on and teaches it the FAQ. */
export async function prepareBenchShops(entry: string, sandboxUrl: string, ids: string[]) {
  let merchant: string | undefined;
  for (const [i, id] of ids.entries()) {
    const { token, shopId } = await merchantWithShopeeShop(
      entry,
      sandboxUrl,
      id,
      i % SHOPS_PER_MERCHANT === 0 ? undefined : merchant,
    );
    merchant = token;
    const form = new FormData();
    form.set('shopId', shopId);
    form.set('file', new Blob([FAQ], { type: 'text/plain' }), 'faq.txt');
    const uploaded = await fetch(`${entry}${KNOWLEDGE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    for (let i = 0; ; i++) {
      const files = await api<{ status: string }[]>(entry, `${KNOWLEDGE}?shopId=${shopId}`, { token });
      if (files.every((f) => f.status === 'ready')) break;
      if (i > 600) throw new Error('the knowledge file was not read');
      await sleep(100);
    }
  }
}
