import { normalizeText } from '@balas/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../platform/queue.ts';
import type { MarketplaceProvider, PushVerifier } from '../../platforms/platform.ts';
import { processEventJob } from './webhooks.jobs.ts';

interface Options {
  db: Db;
  /** The platforms that send pushes here: a platform that is off has no webhook route. */
  verifiers: Partial<Record<MarketplaceProvider, PushVerifier>>;
  queue: Queue;
}

/**
 * Platform pushes: verified against the raw body, stored once, acknowledged at once; the work runs
 * as a job. A replayed or duplicated push is acknowledged and ignored.
 */
export const webhooksRoutes: FastifyPluginAsync<Options> = async (app, { db, verifiers, queue }) => {
  // Signatures cover the exact bytes: keep the body as the raw string, parse it in the job.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  // Built and prepared once: every push runs it.
  const storeEvent = db
    .insert(webhookEvents)
    .values({
      provider: sql.placeholder('provider'),
      dedupeKey: sql.placeholder('dedupeKey'),
      payload: sql.placeholder('payload'),
    })
    .onConflictDoNothing({ target: webhookEvents.dedupeKey })
    .returning({ id: webhookEvents.id })
    .prepare('webhooks_store_event');
  // A push we stored but never processed (the enqueue failed, the process died) is queued again when
  // the platform retries it; the job id keeps it from running twice.
  const unprocessedByKey = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.dedupeKey, sql.placeholder('dedupeKey')), isNull(webhookEvents.processedAt)))
    .prepare('webhooks_unprocessed_by_key');

  for (const [provider, verifier] of Object.entries(verifiers)) {
    app.post(
      `/webhooks/${provider}`,
      { config: { public: true }, schema: { hide: true } },
      async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers.authorization;
        if (!raw || !verifier.verify(raw, typeof signature === 'string' ? signature : undefined)) {
          throw new AppError('invalid_signature', 'The push signature is not valid');
        }
        try {
          JSON.parse(raw);
        } catch {
          throw new AppError('bad_json', 'The push body is not valid JSON');
        }
        // Keys are built from the push's ids, which PostgreSQL could not store with a NUL in them.
        const dedupeKey = normalizeText(`${provider}:${verifier.dedupeKey(raw)}`);
        const [inserted] = await storeEvent.execute({ provider, dedupeKey, payload: { raw } });
        const [pending] = inserted ? [inserted] : await unprocessedByKey.execute({ dedupeKey });
        if (pending) await queue.enqueue(processEventJob, { eventId: pending.id }, { jobId: pending.id });
        return reply.status(200).send('');
      },
    );
  }
};
