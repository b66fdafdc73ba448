import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type AppContext, closeContext, createContext } from '../context.ts';
import { answersDue, conversations, deadJobs, jobs, messages, outbox, shops } from '../db/schema.ts';
import { createServices } from '../services.ts';
import {
  api,
  claimRedisDatabase,
  freshPostgresDatabase,
  healthy,
  killHard,
  productionEnv,
  type ServerChild,
  sleep,
  startServer,
  stopServer,
  waitUntilReady,
} from '../test/processes.ts';
import { freePort } from '../test/standalone-sandbox.ts';

/*
 * Issue 27.2: the outbox's relay and sweeper under kill -9. A process commits shopper messages with
 * their `message.received` events and dies before relaying them (the test's own process, built from
 * the same services, without the jobs registered: it commits and never relays); the server starts,
 * relays them, and is killed again at a random moment while answering them (events relayed, jobs
 * running), then restarted. Every message is answered exactly once, and the outbox ends empty with
 * no dead letter. On PGlite (embedded, one process at a time on its data) and, with DATABASE_URL and
 * REDIS_URL, on PostgreSQL + Redis (BullMQ).
 */

const ROUNDS = 3;
const PER_ROUND = 5;
const distributed = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
// Embedded on every run without DATABASE_URL and REDIS_URL (the first CI run); the run with them
// would repeat the embedded case, so PostgreSQL + Redis (about three minutes more) runs on demand
// with OUTBOX_KILL_ALL=1, which runs both.
const enabled = !distributed || Boolean(process.env.OUTBOX_KILL_ALL);
const modes = distributed ? (['embedded', 'postgres+redis'] as const) : (['embedded'] as const);

(enabled ? describe : describe.skip).each(modes)(
  'outbox relay and sweeper killed with SIGKILL (%s)',
  (mode) => {
    const cleanups: (() => Promise<void>)[] = [];
    let env: Record<string, string>;
    let base: string;
    let server: ServerChild;
    /** Every server's last lines, for the state printed when a message is left unanswered. */
    const logs: string[][] = [];

    const boot = async () => {
      if (server) logs.push(server.output);
      server = startServer(`server (${mode})`, 'apps/server/src/main.ts', env);
      await waitUntilReady(server, healthy(base), 90_000);
    };

    /**
     * The server's database, read or written from this process (PGlite: only while the server is
     * down). Without Redis: this process only writes rows and their events (it never relays them),
     * and Socket.IO's Redis adapter, closed with a read pending, rejects it unhandled.
     */
    async function withDatabase<T>(use: (ctx: AppContext) => Promise<T>): Promise<T> {
      const { REDIS_URL: _redis, ...database } = env;
      const ctx = await createContext(loadConfig({ ...database, LOG_LEVEL: 'warn' }));
      try {
        return await use(ctx);
      } finally {
        await closeContext(ctx);
      }
    }

    beforeAll(async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'balas-outbox-kill-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = { ...productionEnv(base, dataDir, 'warn'), PORT: String(port) };
      if (mode === 'postgres+redis') {
        const database = await freshPostgresDatabase(process.env.DATABASE_URL!, 'outbox_kill');
        cleanups.push(database.drop);
        const redis = await claimRedisDatabase(process.env.REDIS_URL!, 'balas-test:outbox-kill:claim');
        cleanups.push(redis.release);
        env = { ...env, DATABASE_URL: database.url, REDIS_URL: redis.url };
      }
      await boot();
      cleanups.push(() => stopServer(server));
    }, 120_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    }, 60_000);

    it('answers every shopper message exactly once across kills between commit and relay', async () => {
      const { accessToken: token } = await api<{ accessToken: string }>(base, '/api/signup', {
        method: 'POST',
        body: {
          name: 'Aisyah',
          email: `outbox-${Date.now()}-${randomInt(1e6)}@example.com`,
          phone: '012-345 6789',
          password: 'correct horse',
          confirm: 'correct horse',
        },
      });
      const { id: shopId } = await api<{ id: string }>(base, '/api/website', {
        method: 'POST',
        token,
        body: {
          name: 'Kedai Kill',
          person_name: 'Aisyah',
          person_email: 'aisyah@example.com',
          person_phone: '012-345 6789',
        },
      });
      await api(base, `/api/shopee/v1/${shopId}`, { method: 'PUT', token, body: { defaultBotStatus: true } });
      const sessions: string[] = [];
      /** The sessions whose latest message is the bot's (read through the merchant's inbox). */
      const answered = async () => {
        const rows = await api<{ externalId: string; lastFrom: string }[]>(
          base,
          `/api/inbox/conversations?shopId=${shopId}&limit=100`,
          { token },
        );
        return new Set(rows.filter((r) => r.lastFrom === 'bot').map((r) => r.externalId));
      };
      const caught = { unrelayed: 0, unanswered: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        await killHard(server);
        // A process that committed shopper messages with their events, then died before relaying.
        const unrelayed = await withDatabase(async (ctx) => {
          const services = createServices(ctx);
          const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
          for (let i = 0; i < PER_ROUND; i++) {
            const session = `kill${round}m${i}`.padEnd(12, '0');
            sessions.push(session);
            await services.inbox.receive(
              shop!,
              {
                conversation: {
                  externalId: session,
                  customerId: session,
                  customerName: `Visitor ${session}`,
                },
                message: {
                  externalId: `${session}-1`,
                  sender: 'customer',
                  content: { kind: 'text', text: `Do you ship to Penang? (${round}.${i})` },
                  sentAt: new Date(),
                },
              },
              { answer: 'queue' },
            );
          }
          const [left] = await ctx.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(outbox)
            .where(sql`${outbox.claimedAt} is null`);
          return left!.n;
        });
        caught.unrelayed += unrelayed;
        await boot();
        if (round === ROUNDS - 1) break;
        // Killed again while the relayed answers run: some sent, some not yet.
        const deadline = Date.now() + 30_000;
        const mine = sessions.slice(-PER_ROUND);
        while (Date.now() < deadline) {
          const done = await answered();
          if (mine.some((m) => done.has(m))) break;
          await sleep(20);
        }
        await sleep(randomInt(0, 40));
        const done = await answered().catch(() => new Set<string>());
        const unanswered = sessions.filter((m) => !done.has(m)).length;
        caught.unanswered += unanswered;
        console.log(
          `round ${round}: ${unrelayed} events unrelayed at start; killed with ${unanswered} of ${sessions.length} unanswered`,
        );
      }

      const settleBy = Date.now() + 200_000;
      let done = new Set<string>();
      while (Date.now() < settleBy) {
        done = await answered();
        if (sessions.every((m) => done.has(m))) break;
        await sleep(250);
      }
      const left = sessions.filter((m) => !done.has(m));
      if (left.length > 0) await printState(left);
      expect(left).toEqual([]);
      // Late doubles (an event relayed twice, a recovered job) would show up now.
      await sleep(1500);
      // The kills did cut work off between commit and relay (otherwise this test proves nothing).
      expect(caught.unrelayed).toBeGreaterThanOrEqual(ROUNDS * PER_ROUND);

      // On BullMQ a job cut off by the kill runs again only once its lock has expired (30-60 s): its
      // event is acknowledged then, so wait for the outbox to drain before reading the end state.
      if (mode !== 'embedded') {
        const drainBy = Date.now() + 150_000;
        while (Date.now() < drainBy) {
          const left = await withDatabase(
            async (ctx) => (await ctx.database.db.select().from(outbox)).length,
          );
          if (left === 0) break;
          await sleep(1000);
        }
      }
      await stopServer(server);
      await withDatabase(async (ctx) => {
        const { db } = ctx.database;
        const asked = await db
          .select({
            answers: sql<number>`(select count(*)::int from messages r where r.reply_to = messages.id)`,
          })
          .from(messages)
          .where(sql`${messages.sender} = 'customer' and ${messages.text} like 'Do you ship to Penang?%'`);
        expect(asked.map((m) => m.answers)).toEqual(sessions.map(() => 1));
        expect(await db.select().from(outbox)).toEqual([]);
        expect(await db.select().from(answersDue)).toEqual([]);
        expect(await db.select().from(deadJobs)).toEqual([]);
        expect(
          await db
            .select()
            .from(messages)
            .where(inArray(messages.status, ['pending', 'failed'])),
        ).toEqual([]);
      });
    }, 640_000);

    /** What holds the unanswered sessions: their rows, every waiting event and job, the servers' logs. */
    async function printState(left: string[]) {
      await killHard(server);
      logs.push(server.output);
      await withDatabase(async (ctx) => {
        const { db } = ctx.database;
        const chats = await db.select().from(conversations).where(inArray(conversations.externalId, left));
        const ids = chats.map((c) => c.id);
        const state = {
          conversations: chats,
          messages: await db.select().from(messages).where(inArray(messages.conversationId, ids)),
          answersDue: await db.select().from(answersDue),
          outbox: await db.select().from(outbox),
          jobs: await db.select().from(jobs),
          deadJobs: await db.select().from(deadJobs),
        };
        console.log(`unanswered ${left.join(', ')}:\n${JSON.stringify(state, null, 1)}`);
      });
      for (const [i, lines] of logs.entries()) console.log(`server ${i}:\n${lines.join('\n')}`);
      await boot();
    }
  },
);
