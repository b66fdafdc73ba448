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
  interface FastifyInstance {
    requireMerchant: (request: FastifyRequest) => Promise<void>;
    /** A preHandler allowing `max` hits per window for each key the request maps to (IP, e-mail...). */
    rateLimit: (rule: RateRule) => (request: FastifyRequest) => Promise<void>;
  }
}

/** Bearer-token authentication: `preHandler: app.requireMerchant` on every merchant route. */
export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string;
  /** What the client reads when limited (default: too many attempts). */
  message?: string;
}

export const authGuard = fp<{ auth: AuthService; rateLimiter: RateLimiter }>(
  async (app: FastifyInstance, { auth, rateLimiter }) => {
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
    // The OpenAPI document asks for the bearer token by default: routes that do not require a
    // merchant say they need none.
    app.addHook('onRoute', (route) => {
      if (![route.preHandler ?? []].flat().includes(requireMerchant)) {
        route.schema = { ...route.schema, security: [] };
      }
    });
  },
);
