import { dataOf } from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const health = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod<{
  database: { ping(): Promise<unknown>; kind: 'pglite' | 'postgres' };
}> = async (app, { database }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['ops'],
        response: {
          200: dataOf(health),
          503: z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await database.ping();
        return { data: { status: 'ok' as const, database: database.kind } };
      } catch {
        return reply
          .status(503)
          .send({ error: { code: 'unavailable', message: 'The database is not reachable' } });
      }
    },
  );
};
