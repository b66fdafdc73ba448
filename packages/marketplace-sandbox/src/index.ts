import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { lazadaSandbox } from './lazada.ts';
import { productSvg } from './pages.ts';
import { shopeeSandbox } from './shopee.ts';
import { shopperConsole } from './shopper.ts';
import { createStore } from './state.ts';

export { shopeeJson } from './shopee.ts';
export type { SandboxState } from './state.ts';

/** Demo credentials the product uses when no real partner credentials are configured. */
export const sandboxDefaults = {
  shopee: { partnerId: 2_000_001, partnerKey: 'sandbox-shopee-partner-key-5f2b9c' },
  lazada: { appKey: '100001', appSecret: 'sandbox-lazada-app-secret-8d41e7' },
} as const;

export interface SandboxOptions {
  /** The sandbox's own base URL as browsers see it, e.g. http://localhost:3000/sandbox */
  publicUrl: string;
  statePath?: string | undefined;
  shopee: { partnerId: number; partnerKey: string; webhookUrl?: string | undefined };
  lazada: { appKey: string; appSecret: string; webhookUrl?: string | undefined };
  fetch?: typeof fetch;
  now?: () => number;
  accessTokenTtlSeconds?: number;
}

/** Shopee v2 and Lazada behind their real paths, under `/shopee` and `/lazada` of this plugin's prefix. */
export const sandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const store = createStore(options.statePath);
  const common = {
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? fetch,
    now: options.now ?? Date.now,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 4 * 3600,
  };
  await app.register(formbody);
  const shopee = shopeeSandbox(app, store, { ...common, ...options.shopee });
  const lazada = lazadaSandbox(app, store, { ...common, ...options.lazada });
  shopperConsole(app, store, common.publicUrl, { shopee, lazada });
  app.get('/assets/product-:n.svg', async (request, reply) =>
    reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(productSvg(Number((request.params as { n: string }).n) || 0)),
  );
  app.get('/', async (_request, reply) => reply.redirect(`${common.publicUrl}/shopper`));
};

/** A standalone sandbox server (its own port), e.g. for several API processes sharing one. */
export async function createSandbox(options: SandboxOptions): Promise<{ app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  await app.register(sandboxPlugin, options);
  return { app };
}
