import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { messages } from '@balas/contracts';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { authGuard } from './features/auth/auth.guard.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createChannelAccess } from './features/realtime/channel-access.ts';
import { registerErrorHandling } from './http/errors.ts';
import { overrideMethod } from './http/method-override.ts';

export interface BuildOptions {
  /** Built SPA to serve with history fallback; skipped when absent. */
  webDist?: string;
}

/** Builds the whole HTTP app from a context. Tests inject into it; main.ts listens. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const base = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    rewriteUrl: overrideMethod,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  registerErrorHandling(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const auth = createAuthService(ctx);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Balas API',
        version: '1.0.0',
        description: 'Merchant API of the Balas chatbot platform',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // The merchant API and the SPA get strict security headers; the docs and the sandbox pages
  // (separate scopes) carry their own inline scripts.
  await app.register(async (scope) => {
    await scope.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'frame-src': ["'self'"],
          'frame-ancestors': ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await scope.register(authGuard, { auth, rateLimiter: ctx.rateLimiter });
    await scope.register(
      async (api) => {
        await api.register(healthRoutes, { database: ctx.database });
        await api.register(authRoutes, { auth });
        api.setNotFoundHandler((request, reply) =>
          reply.status(404).send({
            error: {
              code: 'not_found',
              message: `${messages.errors.notFound}: ${request.method} ${request.url.split('?')[0]}`,
            },
          }),
        );
      },
      { prefix: '/api' },
    );
    await scope.register(cors, { origin: false });

    const webDist = options.webDist;
    if (webDist && existsSync(webDist)) {
      await scope.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
      scope.setNotFoundHandler((request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return reply.status(404).send({ error: { code: 'not_found', message: messages.errors.notFound } });
        }
        // History fallback: the SPA renders its own routes, including 'Error 404 / Page Not Found'.
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    }
  });

  // Socket.IO shares the HTTP server; channel subscriptions are authorized against the merchant's shops.
  app.addHook('onReady', async () => {
    ctx.realtime.attach(app.server, {
      authenticate: auth.authenticate,
      canJoin: createChannelAccess(ctx.database.db),
    });
  });

  return base;
}
