import { normalizeText } from '@balas/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import type { Outbox } from '../../platform/outbox.ts';
import type { Platform } from '../../platforms/platform.ts';
import type { WebhookEvents } from './webhook-events.ts';

interface Options {
  events: WebhookEvents;
  /** The registered platforms: each with a verifier gets `/webhooks/{id}` (one that is off has none). */
  platforms: readonly Pick<Platform, 'provider' | 'verifier'>[];
  /** Told after a push and its event are stored: relays the event to its job now. */
  outbox: Pick<Outbox, 'relay'>;
}

/**
 * Platform pushes: verified against the raw body, stored once, acknowledged at once; the work runs
 * as a job. A replayed or duplicated push is acknowledged and ignored.
 */
export const webhooksRoutes: FastifyPluginAsync<Options> = async (app, { events, platforms, outbox }) => {
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

  for (const { provider, verifier } of platforms) {
    if (!verifier) continue;
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
        // Stored with its outbox event: its job is queued before the platform is answered (one
        // claim statement), so an acknowledged push is already on its way. A relay that fails here is
        // the poll's to retry; a retried push we stored but never processed is the sweeper's.
        if (await events.store(provider, dedupeKey, raw)) {
          await outbox
            .relay()
            .catch((error: unknown) => request.log.warn({ err: error }, 'outbox relay failed'));
        }
        return reply.status(200).send('');
      },
    );
  }
};
