import type { FastifyInstance } from 'fastify';
import type { Shop } from '../data/types.ts';
import { authorizeShop, checkGrant, issueTokens } from '../grants.ts';
import { authorizePage, errorPage } from '../pages/authorize-page.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { LazadaError, lazadaRoute, required } from './lazada-call.ts';

const CODE_TTL_MS = 30 * 60_000;
const ACCENT = '#0f146d';

type Form = Record<string, string | undefined>;

const httpUrl = (value: string | undefined) => {
  try {
    return /^https?:$/.test(new URL(value ?? '').protocol) ? new URL(value!) : undefined;
  } catch {
    return undefined;
  }
};

/** The seller authorization page (auth.lazada.com/oauth/authorize) and /auth/token/create|refresh. */
export function lazadaAuthRoutes(app: FastifyInstance, state: SandboxState) {
  const p = () => state.data.lazada;
  const { publicUrl, lazada } = state.config;

  app.get('/oauth/authorize', async (request, reply) => {
    const q = request.query as Form;
    const problem =
      q.response_type !== 'code'
        ? 'response_type must be code.'
        : q.client_id !== lazada.appKey
          ? 'client_id is not a known app key.'
          : !httpUrl(q.redirect_uri)
            ? 'redirect_uri must be an http(s) URL.'
            : null;
    if (problem) return reply.status(400).type('text/html').send(errorPage('Authorization failed', problem));
    return reply.type('text/html').send(
      authorizePage({
        platform: 'Lazada',
        accent: ACCENT,
        heading: 'Authorize Balas',
        intro: 'You are logged in to Seller Center as a demo seller. Balas asks for access to your store.',
        permissions: [
          'Read and reply to buyer chats (IM)',
          'Read your products and vouchers',
          'Receive IM pushes',
        ],
        action: `${publicUrl}/lazada/oauth/approve`,
        shops: p().shops.map((s) => ({ id: s.id, name: s.name, detail: `Seller ID ${s.id} · Malaysia` })),
        hidden: { client_id: q.client_id!, redirect_uri: q.redirect_uri!, state: q.state ?? '' },
        approveLabel: 'Approve',
      }),
    );
  });

  app.post('/oauth/approve', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    const target = httpUrl(form.redirect_uri);
    if (!target)
      return reply
        .status(400)
        .type('text/html')
        .send(errorPage('Authorization failed', 'Invalid redirect_uri.'));
    const shop = p().shops.find((s) => s.id === form.shop_id);
    if (form.decision !== 'approve' || !shop) target.searchParams.set('error', 'access_denied');
    else target.searchParams.set('code', authorizeShop(state, 'lazada', shop.id, CODE_TTL_MS));
    if (form.state) target.searchParams.set('state', form.state);
    return reply.redirect(target.toString());
  });

  const tokenBody = (shop: Shop, listName: 'country_user_info' | 'country_user_info_list') => {
    const t = issueTokens(state, 'lazada', shop.id);
    const account = `${shop.name
      .split(' (')[0]!
      .toLowerCase()
      .replace(/[^a-z]+/g, '.')}@sandbox.lazada.com.my`;
    return {
      access_token: t.accessToken,
      refresh_token: t.refreshToken,
      expires_in: t.accessTtl,
      refresh_expires_in: t.refreshTtl,
      account,
      account_id: shop.userId,
      account_platform: 'seller_center',
      country: 'my',
      [listName]: [
        { country: 'my', user_id: shop.userId, seller_id: shop.id, short_code: `MY${shop.id.slice(-5)}` },
      ],
    };
  };

  lazadaRoute(app, state, {
    path: '/rest/auth/token/create',
    needsToken: false,
    handler: ({ params }) => {
      const check = checkGrant(p().codes, required(params, 'code'), state.now());
      const shop = check.ok ? p().shops.find((s) => s.id === check.grant.shopId) : undefined;
      if (!check.ok || !shop)
        throw new LazadaError('InvalidCode', 'The authorization code is invalid, used or expired');
      check.grant.usedAt = state.now();
      return { top: tokenBody(shop, 'country_user_info') };
    },
  });

  lazadaRoute(app, state, {
    path: '/rest/auth/token/refresh',
    needsToken: false,
    handler: ({ params }) => {
      const check = checkGrant(p().refreshTokens, required(params, 'refresh_token'), state.now());
      const shop = check.ok ? p().shops.find((s) => s.id === check.grant.shopId) : undefined;
      if (!check.ok || !shop)
        throw new LazadaError('IllegalRefreshToken', 'The specified refresh token is invalid or expired');
      check.grant.usedAt = state.now();
      return { top: tokenBody(shop, 'country_user_info_list') };
    },
  });
}
