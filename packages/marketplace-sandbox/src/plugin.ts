import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { lazadaRoutes } from './lazada/lazada.routes.ts';
import type { SandboxOptions } from './options.ts';
import { assetRoutes } from './pages/assets.routes.ts';
import { createSandboxState, type SandboxState } from './sandbox-state.ts';
import { shopeeRoutes } from './shopee/shopee.routes.ts';
import { shopperRoutes } from './shopper/shopper.routes.ts';
import { type ShopperSendInput, type ShopperSendResult, shopperSend } from './shopper-send.ts';

export interface SandboxPluginOptions extends SandboxOptions {
  /** A state made with createSandboxState, to act on it from outside the app (tests, tools). */
  state?: SandboxState;
}

/**
 * Shopee v2 under `/shopee`, Lazada under `/lazada`, the shopper console under `/shopper` and
 * generated pictures under `/assets`, all below the prefix this plugin is registered with.
 */
export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app, options) => {
  const state = options.state ?? createSandboxState(options);
  app.addHook('onClose', async () => state.close());
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  await app.register(shopeeRoutes, { prefix: '/shopee', state });
  await app.register(lazadaRoutes, { prefix: '/lazada', state });
  await app.register(shopperRoutes, { prefix: '/shopper', state });
  await app.register(assetRoutes, { prefix: '/assets', state });
  app.get('/', async (request, reply) =>
    reply.redirect(`${request.url.split('?')[0]!.replace(/\/$/, '')}/shopper`),
  );
};

export interface Sandbox {
  /** A standalone Fastify instance serving the sandbox at its root. */
  app: FastifyInstance;
  state: SandboxState;
  /** A demo buyer writes to a shop (resolves after the push's first delivery attempt). */
  shopperSend(input: ShopperSendInput): Promise<ShopperSendResult>;
}

/** A standalone sandbox server (its own port), e.g. for several API processes sharing one. */
export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const state = createSandboxState(options);
  const app = Fastify({ logger: false });
  await app.register(sandboxPlugin, { ...options, state });
  return { app, state, shopperSend: (input) => shopperSend(state, input) };
}
