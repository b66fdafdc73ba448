import { messages } from '@balas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.ts';
import type { RateLimiter } from '../../platform/rate-limiter.ts';
import type { AuthService } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    merchantId: string;
    /** The session of the request's bearer token (set with merchantId). */
    sessionId: string;
  }
  interface FastifyContextConfig {
    /**
     * The route answers without a signed-in merchant (sign-in, platform callbacks and pushes, the
     * website widget). Every other route under the private prefix requires one (`authGuard`).
     */
    public?: boolean;
  }
  interface FastifyInstance {
    /**
     * Authenticates the request's bearer token (401 otherwise). Routes under the private prefix get
     * it already (authGuard's onRoute hook): routes do not name it.
     */
    requireMerchant: (request: FastifyRequest) => Promise<void>;
    /** A preHandler allowing `max` hits per window for each key the request maps to (IP, e-mail...). */
    rateLimit: (rule: RateRule) => (request: FastifyRequest) => Promise<void>;
  }
}

export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
  /** What the client reads when limited (default: too many attempts). */
  message?: string;
}

/**
 * Bearer-token authentication, by default: every route whose address starts with `privatePrefix`
 * (the merchant API, `/api/`) requires a signed-in merchant, checked first thing (onRequest, before
 * the body is read or validated), unless it declares `config: { public: true }`. A new route is
 * private unless it says otherwise; `authGuard.test.ts` asks every one of them without a token.
 */
export const authGuard = fp<{ auth: AuthService; rateLimiter: RateLimiter; privatePrefix: string }>(
  async (app: FastifyInstance, { auth, rateLimiter, privatePrefix }) => {
    app.decorate('rateLimit', (rule: RateRule) => async (request: FastifyRequest) => {
      const wait = await rateLimiter.hit(`${rule.name}:${rule.key(request)}`, rule.max, rule.windowMs);
      if (wait > 0)
        throw new AppError(
          'rate_limited',
          `${rule.message ?? messages.auth.tooManyAttempts} (retry in ${wait} s)`,
        );
    });
    app.decorateRequest('merchantId', '');
    app.decorateRequest('sessionId', '');
    const requireMerchant = async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
      const session = token ? await auth.session(token) : null;
      if (!session) throw new AppError('unauthenticated', messages.auth.unauthenticated);
      request.merchantId = session.merchantId;
      request.sessionId = session.sessionId;
    };
    app.decorate('requireMerchant', requireMerchant);
    app.addHook('onRoute', (route) => {
      if (route.config?.public === true || !route.url.startsWith(privatePrefix)) {
        // The OpenAPI document asks for the bearer token by default: these routes need none.
        route.schema = { ...route.schema, security: [] };
        return;
      }
      // A route naming requireMerchant itself (written before it was the default) runs it once.
      const preHandler = [route.preHandler ?? []].flat();
      if (preHandler.includes(requireMerchant))
        route.preHandler = preHandler.filter((hook) => hook !== requireMerchant);
      const onRequest = [route.onRequest ?? []].flat();
      if (!onRequest.includes(requireMerchant)) route.onRequest = [requireMerchant, ...onRequest];
    });
  },
);
