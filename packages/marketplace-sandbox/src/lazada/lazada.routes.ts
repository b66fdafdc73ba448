import type { FastifyError, FastifyInstance } from 'fastify';
import { requestId } from '../ids.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { lazadaAuthRoutes } from './auth.routes.ts';
import { lazadaCatalogueRoutes } from './catalogue.routes.ts';
import { lazadaImRoutes } from './im.routes.ts';
import { LazadaError } from './lazada-call.ts';
import { lazadaOrderRoutes } from './orders.routes.ts';

/**
 * Lazada Open Platform under this scope's prefix: /oauth/authorize (auth.lazada.com) and /rest/...
 * (the API and token hosts). Errors come back with HTTP 200 in Lazada's envelope, as the gateway does.
 */
export async function lazadaRoutes(app: FastifyInstance, { state }: { state: SandboxState }) {
  app.setErrorHandler((error: FastifyError | LazadaError, _request, reply) => {
    if (error instanceof LazadaError)
      return reply.send({
        code: error.code,
        type: error.type,
        message: error.message,
        request_id: requestId(),
      });
    const clientError = error.statusCode !== undefined && error.statusCode < 500;
    return reply.status(clientError ? 200 : 500).send({
      code: clientError ? 'InvalidParameter' : 'ServiceUnavailable',
      type: clientError ? 'ISV' : 'SYSTEM',
      message: clientError ? error.message : 'The service is temporarily unavailable',
      request_id: requestId(),
    });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({
      code: 'InvalidApiPath',
      type: 'ISV',
      message: 'The specified API path is invalid',
      request_id: requestId(),
    }),
  );
  lazadaAuthRoutes(app, state);
  lazadaImRoutes(app, state);
  lazadaCatalogueRoutes(app, state);
  lazadaOrderRoutes(app, state);
}
