import { createSandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { freePort } from '../e2e/support/server.ts';
import { prepareBenchShops, rssMb } from './fleet.ts';
import { createBenchDatabase, type Figure, spawnProduct } from './support.ts';

/**
 * Soak (issue 13): the built server (embedded job queue, on PostgreSQL) under a steady stream of
 * shopper messages pushed by a Shopee sandbox server in this process, the bot on and answering from
 * a knowledge file. A shopper writes again only once answered (a pool of shoppers). Figures: the
 * reply latency (shopper's message to the shop's answer on the platform) and the server's resident
 * memory, flat after warm-up. SOAK_SECONDS (default 600) and SOAK_RATE (default 100 messages/s)
 * shorten it for a quick check.
 */

const SHOP = '947042987'; // a demo Shopee shop of the sandbox
const SHOPPERS = 3000;
const SAMPLE_MS = 2000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const QUESTIONS = [
  'How long does delivery to Penang take?',
  'Can I return an unused item?',
  'What are your opening hours?',
  'Which payment methods do you accept?',
  'When do orders paid before 4pm ship?',
];

export async function benchSoak(): Promise<Figure[]> {
  const seconds = Number(process.env.SOAK_SECONDS ?? 600);
  const rate = Number(process.env.SOAK_RATE ?? 100);
  const warmUpSeconds = Math.min(60, seconds / 5);
  const database = await createBenchDatabase(true);
  const [port, sandboxPort] = await Promise.all([freePort(), freePort()]);
  const url = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = await createSandbox({
    publicUrl: sandboxUrl,
    shopee: { ...sandboxDefaults.shopee, webhookUrl: `${url}/api/webhooks/shopee` },
    lazada: { ...sandboxDefaults.lazada },
  });
  await sandbox.app.listen({ port: sandboxPort, host: '127.0.0.1' });
  const server = spawnProduct('main.js', {
    PUBLIC_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url!,
    SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
    SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
    SHOPEE_BASE_URL: `${sandboxUrl}/shopee`,
    // The soak measures the bot answering, not the flood limit that hands over past the hourly budget.
    BOT_ANSWERS_PER_HOUR: String(rate * 3600 * 2),
  });
  try {
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not start:\n${server.logs.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const pid = server.child.pid!;
    // The demo shop connected to a merchant, the bot on, the FAQ read.
    await prepareBenchShops(url, sandboxUrl, [SHOP]);

    const shopee = sandbox.state.data.shopee;
    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => `55${String(i).padStart(5, '0')}`);
    for (const id of shoppers) shopee.buyers.push({ id, name: `Shopper ${id}` });
    type Conversation = (typeof shopee.conversations)[number];
    const conversations = new Map<string, Conversation>();
    /** Shoppers waiting for an answer: when they wrote and how many messages the chat had then. */
    const waiting = new Map<string, { at: number; length: number }>();
    const latencies: number[] = [];
    let sent = 0;
    let skipped = 0;
    let failedSends = 0;

    const poll = setInterval(() => {
      const now = performance.now();
      for (const [buyer, w] of waiting) {
        const c = conversations.get(buyer);
        if (!c) continue;
        if (c.messages.slice(w.length).some((m) => m.from === 'shop')) {
          latencies.push(now - w.at);
          waiting.delete(buyer);
        }
      }
    }, 10);

    const memory: { t: number; mb: number }[] = [];
    const started = performance.now();
    const sampler = setInterval(
      () => memory.push({ t: (performance.now() - started) / 1000, mb: rssMb(pid) }),
      SAMPLE_MS,
    );
    let next = 0;
    const interval = 1000 / rate;
    const total = Math.floor(seconds * rate);
    let lastReport = 0;
    for (let i = 0; i < total; i++) {
      const wait = started + i * interval - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      // The next shopper not waiting for an answer.
      let buyer: string | undefined;
      for (let tries = 0; tries < SHOPPERS; tries++) {
        const candidate = shoppers[next++ % SHOPPERS]!;
        if (!waiting.has(candidate)) {
          buyer = candidate;
          break;
        }
      }
      if (!buyer) {
        skipped++;
        continue;
      }
      const known = conversations.get(buyer);
      waiting.set(buyer, { at: performance.now(), length: (known?.messages.length ?? 0) + 1 });
      sent++;
      const who = buyer;
      sandbox
        .shopperSend({
          platform: 'shopee',
          shopId: SHOP,
          buyerId: who,
          text: QUESTIONS[i % QUESTIONS.length]!,
        })
        .then((r) => {
          if (!conversations.has(who)) {
            const c = shopee.conversations.find((x) => x.id === r.conversationId);
            if (c) conversations.set(who, c);
          }
        })
        .catch(() => {
          failedSends++;
          waiting.delete(who);
        });
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed - lastReport >= 30) {
        lastReport = elapsed;
        console.log(
          `  ${elapsed.toFixed(0)} s: ${sent} sent, ${latencies.length} answered, ${waiting.size} waiting, RSS ${memory.at(-1)?.mb.toFixed(0) ?? '?'} MB`,
        );
      }
    }
    const sendingSeconds = (performance.now() - started) / 1000;
    // The last answers.
    const drain = Date.now() + 60_000;
    while (waiting.size > 0 && Date.now() < drain) await new Promise((r) => setTimeout(r, 100));
    clearInterval(sampler);
    clearInterval(poll);

    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
    const window = Math.max(SAMPLE_MS / 1000, Math.min(60, seconds / 10));
    const afterWarmUp = memory
      .filter((m) => m.t >= warmUpSeconds && m.t < warmUpSeconds + window)
      .map((m) => m.mb);
    const atEnd = memory.filter((m) => m.t >= sendingSeconds - window).map((m) => m.mb);
    const baseline = median(afterWarmUp);
    const final = median(atEnd);
    console.log(
      `  memory samples (s: MB): ${memory
        .filter((_, i) => i % Math.max(1, Math.floor(memory.length / 20)) === 0)
        .map((m) => `${m.t.toFixed(0)}: ${m.mb.toFixed(0)}`)
        .join(', ')}`,
    );
    return [
      { name: `shopper messages sent (${seconds} s at ${rate}/s)`, value: sent, unit: '' },
      {
        name: 'messages sent per second',
        value: sent / sendingSeconds,
        unit: '/s',
        budget: rate * 0.95,
        kind: 'min',
      },
      { name: 'messages not sent (every shopper waiting)', value: skipped, unit: '', budget: 0 },
      { name: 'messages the sandbox could not send', value: failedSends, unit: '', budget: 0 },
      { name: 'messages left unanswered', value: waiting.size, unit: '', budget: 0 },
      { name: 'reply latency p50', value: at(0.5), unit: 'ms' },
      { name: 'reply latency p99', value: at(0.99), unit: 'ms', budget: 5000 },
      { name: 'reply latency max', value: at(1), unit: 'ms' },
      { name: `server RSS after warm-up (${warmUpSeconds} s)`, value: baseline, unit: 'MB' },
      { name: 'server RSS at the end', value: final, unit: 'MB' },
      {
        name: 'memory growth after warm-up',
        value: ((final - baseline) / baseline) * 100,
        unit: '%',
        budget: 10,
      },
    ];
  } finally {
    await server.stop();
    await sandbox.app.close();
    await database.drop();
  }
}
