import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '@balas/contracts';
import cors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy } from './config.ts';
import type { AppContext } from './context.ts';
import { answeringRoutes } from './features/answering/answering.routes.ts';
import { websiteChatRoutes } from './features/answering/website-chat.routes.ts';
import { createWebsiteChat } from './features/answering/website-chat.ts';
import { approvedAnswersRoutes } from './features/approved-answers/approved-answers.routes.ts';
import { authGuard } from './features/auth/auth.guard.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { businessHoursRoutes } from './features/business-hours/business-hours.routes.ts';
import { draftsRoutes } from './features/drafts/drafts.routes.ts';
import { handoverRoutes } from './features/handover/handover.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { composerRoutes } from './features/inbox/composer/composer.routes.ts';
import { inboxRoutes } from './features/inbox/inbox.routes.ts';
import { savedRepliesRoutes } from './features/inbox/saved-replies/saved-replies.routes.ts';
import { inboxViewsRoutes } from './features/inbox/views/views.routes.ts';
import { insightsRoutes } from './features/insights/insights.routes.ts';
import { knowledgeRoutes } from './features/knowledge/knowledge.routes.ts';
import { websiteRoutes } from './features/knowledge/website/website.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { productsRoutes } from './features/products/products.routes.ts';
import { pushRoutes } from './features/push/push.routes.ts';
import { ratingsRoutes, widgetRatingRoutes } from './features/ratings/ratings.routes.ts';
import { createChannelAccess } from './features/realtime/channel-access.ts';
import { shopsRoutes } from './features/shops/shops.routes.ts';
import { testQuestionsRoutes } from './features/test-questions/test-questions.routes.ts';
import { trainingRoutes } from './features/training/training.routes.ts';
import { vouchersRoutes } from './features/vouchers/vouchers.routes.ts';
import { createWebhookEvents } from './features/webhooks/webhook-events.ts';
import { webhooksRoutes } from './features/webhooks/webhooks.routes.ts';
import { builtFileOptions, holdFile, sendHeldFile, webAppRoutes } from './http/built-files.ts';
import { answerCompressionPlugin } from './http/compression.ts';
import { registerErrorHandling } from './http/errors.ts';
import { overrideMethod } from './http/method-override.ts';
import { normalizeRequestInput } from './http/normalize-input.ts';
import { securityHeadersPlugin } from './http/security-headers.ts';
import { compileResponseSerializer } from './http/serializer.ts';
import type { PlatformDefinition } from './platforms/platform.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route under /api/ (but HEAD), and whether it declared itself public (authGuard). */
    apiRoutes: { method: string; url: string; public: boolean }[];
  }
}

export interface BuildOptions {
  /** Built SPA to serve with history fallback; skipped when absent. */
  webDist?: string;
  /** Built website widget (loader + panel); skipped when absent. */
  widgetDist?: string;
  /** Platforms registered beside the shipped ones: a test's own platform (platforms/fake). */
  platforms?: readonly PlatformDefinition[];
}

/** Builds the whole HTTP app from a context. Tests inject into it; main.ts listens. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = ctx;
  const base = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
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
  app.setSerializerCompiler(compileResponseSerializer(config.env !== 'production'));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const services = createServices(ctx, () => base, { platforms: options.platforms });
  const { auth } = services;
  // What each merchant owns: the routes' one way to it (shop-guard.ts).
  const { owned } = services.shops;
  base.decorate('services', services);
  // The outbox's poll and a relay under way end before the context closes.
  base.addHook('onClose', () => services.outbox.stop());
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  base.decorate('apiRoutes', apiRoutes);
  base.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/')) {
      for (const method of [route.method].flat())
        if (method !== 'HEAD')
          apiRoutes.push({
            method,
            url: route.url,
            // Read once the route is built: hooks of inner scopes (the docs') run after this one.
            get public() {
              return route.config?.public === true;
            },
          });
    }
  });

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
  // The API's documentation is public: its routes say so, like every public route under /api/.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });

  // The website widget is embedded in any merchant's site: its loader may be loaded and its panel
  // framed from any origin, with a strict CSP of its own.
  const widgetDist = options.widgetDist;
  if (widgetDist && existsSync(join(widgetDist, 'widget.js'))) {
    await app.register(async (widget) => {
      widget.addHook('onSend', async (_request, reply) => {
        reply.header('x-content-type-options', 'nosniff');
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors *",
        );
        reply.header('cross-origin-resource-policy', 'cross-origin');
      });
      await widget.register(fastifyStatic, {
        root: join(widgetDist, 'widget'),
        prefix: '/widget/',
        decorateReply: false,
        ...builtFileOptions,
      });
      // The loader keeps its address on merchants' pages, so it is cached for minutes only.
      const loader = holdFile(join(widgetDist, 'widget.js'));
      widget.get('/widget.js', (request, reply) =>
        sendHeldFile(request, reply, loader, {
          type: 'text/javascript',
          cacheControl: 'public, max-age=300',
        }),
      );
    });
  }

  // The merchant API and the SPA get strict security headers; the docs and the sandbox pages
  // (separate scopes) carry their own inline scripts.
  await app.register(async (scope) => {
    await scope.register(securityHeadersPlugin, {
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
    // Every route of the merchant API requires a signed-in merchant unless it says it is public.
    await scope.register(authGuard, { auth, rateLimiter: ctx.rateLimiter, privatePrefix: '/api/' });
    await scope.register(
      async (api) => {
        api.addHook('preValidation', normalizeRequestInput);
        // JSON answers of 1 KB and more in br or gzip as the client accepts (before the routes).
        await api.register(answerCompressionPlugin);
        await api.register(healthRoutes, { database: ctx.database });
        await api.register(authRoutes, { auth });
        await api.register(shopsRoutes, { shops: services.shops, queue: ctx.queue });
        await api.register(trainingRoutes, {
          training: services.training,
          shopCopy: services.shopCopy,
          voucherOffers: services.voucherOffers,
          owned,
        });
        await api.register(knowledgeRoutes, { knowledge: services.knowledge, owned });
        await api.register(websiteRoutes, { website: services.website, owned });
        await api.register(productsRoutes, { products: services.products, owned });
        await api.register(ordersRoutes, {
          orders: services.orders,
          inbox: services.inbox,
          owned,
        });
        await api.register(answeringRoutes, {
          owned,
          answering: services.answering,
          orderAnswers: services.orderAnswers,
        });
        await api.register(async (open) => {
          // Only the widget's routes are cross-origin: a preflight for any other path is a 404.
          await open.register(
            cors,
            (): FastifyCorsOptionsDelegateCallback => (request, answer) =>
              answer(
                null,
                request.url.startsWith('/api/website/')
                  ? { origin: '*', methods: ['GET', 'POST'] }
                  : { origin: false },
              ),
          );
          const chat = createWebsiteChat(ctx.database.db);
          await open.register(websiteChatRoutes, {
            chat,
            inbox: services.inbox,
            replyTo: services.autoReply.replyTo,
            ratings: services.ratings,
          });
          await open.register(widgetRatingRoutes, { ratings: services.ratings, chat });
        });
        await api.register(webhooksRoutes, {
          events: createWebhookEvents(ctx.database.db),
          platforms: services.platforms.all,
          outbox: services.outbox,
        });
        await api.register(vouchersRoutes, { vouchers: services.vouchers, owned });
        await api.register(testQuestionsRoutes, { tests: services.tests, owned });
        await api.register(approvedAnswersRoutes, { approved: services.approved, owned });
        await api.register(composerRoutes, { owned, chatImages: services.chatImages });
        await api.register(inboxRoutes, {
          inbox: services.inbox,
          replies: services.replies,
          composer: services.composer,
          queue: ctx.queue,
          owned,
        });
        await api.register(inboxViewsRoutes, {
          inbox: services.inbox,
          owned,
          providers: services.platforms.all.map((p) => p.provider),
        });
        await api.register(draftsRoutes, { drafts: services.drafts, owned });
        await api.register(handoverRoutes, { owned });
        await api.register(savedRepliesRoutes, { savedReplies: services.savedReplies });
        await api.register(pushRoutes, { push: services.push });
        await api.register(businessHoursRoutes, { inbox: services.inbox, owned });
        await api.register(ratingsRoutes, { ratings: services.ratings, insights: services.insights, owned });
        await api.register(insightsRoutes, {
          insights: services.insights,
          gaps: services.knowledgeGaps,
          owned,
        });
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

    const webDist = options.webDist;
    if (webDist && existsSync(join(webDist, 'index.html'))) await webAppRoutes(scope, { dist: webDist });
  });

  if (config.sandbox) {
    // biome-ignore lint/style/noRestrictedImports: sandbox mode, checked just above
    const { sandboxPlugin, sandboxDefaults } = await import('@balas/marketplace-sandbox');
    await base.register(sandboxPlugin, {
      prefix: '/sandbox',
      publicUrl: `${config.publicUrl}/sandbox`,
      statePath: config.env === 'test' ? undefined : join(config.dataDir, 'sandbox.json'),
      shopee: { ...sandboxDefaults.shopee, webhookUrl: `${config.publicUrl}/api/webhooks/shopee` },
      lazada: { ...sandboxDefaults.lazada, webhookUrl: `${config.publicUrl}/api/webhooks/lazada` },
      fetch: services.fetch,
    });
  }

  // Socket.IO shares the HTTP server; channel subscriptions are authorized against the merchant's shops.
  app.addHook('onReady', async () => {
    ctx.realtime.attach(app.server, {
      authenticate: auth.session,
      canJoin: createChannelAccess(ctx.database.db, owned),
    });
  });

  return base;
}
