import type { FastifyInstance, FastifyReply } from 'fastify';
import { authorizeShop, checkGrant, isAuthorized, issueTokens, revokeShop } from '../grants.ts';
import { authorizePage, errorPage } from '../pages/authorize-page.ts';
import type { SandboxState } from '../sandbox-state.ts';
import {
  first,
  idParam,
  type Json,
  paramError,
  type Query,
  ShopeeError,
  shopeeRoute,
  verifyShopee,
} from './shopee-call.ts';

const CODE_TTL_MS = 10 * 60_000;
// Shopee's orange, darkened so that white text on it reaches WCAG AA contrast (5.1:1).
const ACCENT = '#c93a1d';

type Form = Record<string, string | undefined>;

function withParams(url: string, params: Record<string, string>) {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

const validRedirect = (value: string | undefined): value is string => {
  try {
    return /^https?:$/.test(new URL(value ?? '').protocol);
  } catch {
    return false;
  }
};

const badRedirect = (reply: FastifyReply) =>
  reply
    .status(400)
    .type('text/html')
    .send(errorPage('Invalid redirect', 'The redirect must be an http(s) URL.'));

/** Shop authorization (auth_partner + the approval form), its cancellation, and the token calls. */
export function shopeeAuthRoutes(app: FastifyInstance, state: SandboxState) {
  const p = () => state.data.shopee;
  const { publicUrl } = state.config;

  const page = (kind: 'authorize' | 'cancel', redirect: string) => {
    const shops =
      kind === 'authorize' ? p().shops : p().shops.filter((s) => isAuthorized(state, 'shopee', s.id));
    return authorizePage({
      platform: 'Shopee',
      accent: ACCENT,
      heading: kind === 'authorize' ? 'Authorize Balas' : 'Cancel authorization',
      intro:
        kind === 'authorize'
          ? 'You are logged in as a demo seller. Balas asks for access to your shop.'
          : 'Balas will lose access to the shop you choose, and its tokens stop working.',
      permissions:
        kind === 'authorize'
          ? ['Read and reply to your shop chats', 'Read your products and vouchers', 'Receive chat pushes']
          : ['Chats, products and vouchers of this shop will no longer be shared'],
      action: `${publicUrl}/shopee/${kind === 'authorize' ? 'authorize' : 'cancel_authorize'}`,
      shops: shops.map((s) => ({ id: s.id, name: s.name, detail: `Shop ID ${s.id} · Malaysia` })),
      hidden: { redirect },
      approveLabel: kind === 'authorize' ? 'Approve' : 'Cancel authorization',
      empty: 'None of your shops has authorized Balas.',
    });
  };

  for (const kind of ['authorize', 'cancel'] as const) {
    app.get(kind === 'authorize' ? '/api/v2/shop/auth_partner' : '/api/v2/shop/cancel_auth_partner', {
      handler: async (request, reply) => {
        verifyShopee(state, request, 'public');
        const redirect = first(request.query as Query, 'redirect');
        if (!redirect) throw paramError('redirect is required');
        if (!validRedirect(redirect)) throw paramError('redirect must be an http(s) URL');
        return reply.type('text/html').send(page(kind, redirect));
      },
    });
  }

  app.post('/authorize', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    if (!validRedirect(form.redirect)) return badRedirect(reply);
    const shop = p().shops.find((s) => s.id === form.shop_id);
    if (form.decision !== 'approve' || !shop)
      return reply.redirect(withParams(form.redirect, { error: 'access_denied' }));
    const code = authorizeShop(state, 'shopee', shop.id, CODE_TTL_MS);
    return reply.redirect(withParams(form.redirect, { code, shop_id: shop.id }));
  });

  app.post('/cancel_authorize', async (request, reply) => {
    const form = (request.body ?? {}) as Form;
    if (!validRedirect(form.redirect)) return badRedirect(reply);
    const shop = p().shops.find((s) => s.id === form.shop_id);
    if (form.decision !== 'approve' || !shop) return reply.redirect(form.redirect);
    revokeShop(state, 'shopee', shop.id);
    return reply.redirect(withParams(form.redirect, { shop_id: shop.id }));
  });

  const partnerInBody = (body: Json) => {
    if (body.partner_id === undefined) throw paramError('partner_id is required');
    if (Number(body.partner_id) !== state.config.shopee.partnerId)
      throw new ShopeeError('error_param', 'Invalid partner_id.');
  };

  shopeeRoute(app, state, {
    method: 'POST',
    path: '/api/v2/auth/token/get',
    level: 'public',
    handler: ({ body }) => {
      if (typeof body.code !== 'string' || !body.code) throw paramError('code is required');
      partnerInBody(body);
      if (body.main_account_id !== undefined && body.shop_id === undefined)
        throw new ShopeeError('invalid_main_acount_id', 'The sandbox has no main accounts; use shop_id.');
      const shopId = idParam(body.shop_id, 'shop_id');
      const check = checkGrant(p().codes, body.code, state.now());
      if (!check.ok) throw new ShopeeError('error_auth', 'Invalid code', 403);
      if (check.grant.shopId !== shopId)
        throw new ShopeeError(
          'invalid_shop_id',
          'The code or shop_id is wrong, please check the code or the shop_id.',
          403,
        );
      check.grant.usedAt = state.now();
      const t = issueTokens(state, 'shopee', shopId);
      return { top: { access_token: t.accessToken, refresh_token: t.refreshToken, expire_in: t.accessTtl } };
    },
  });

  shopeeRoute(app, state, {
    method: 'POST',
    path: '/api/v2/auth/access_token/get',
    level: 'public',
    handler: ({ body }) => {
      if (typeof body.refresh_token !== 'string' || !body.refresh_token)
        throw paramError('refresh_token is required');
      partnerInBody(body);
      const shopId = idParam(body.shop_id, 'shop_id');
      const check = checkGrant(p().refreshTokens, body.refresh_token, state.now());
      if (!check.ok) {
        if (check.reason === 'expired')
          throw new ShopeeError('refresh_token_expired', 'Your refresh_token expired.', 403);
        if (check.reason === 'revoked')
          throw new ShopeeError('shop_no_linked', 'Partner and shop has no linked.', 403);
        throw new ShopeeError('error_auth', 'Invalid refresh_token.', 403);
      }
      if (check.grant.shopId !== shopId)
        throw new ShopeeError(
          'error_shop_refresh_token',
          'Your refresh token is error ,please check refresh token or shopid.',
          403,
        );
      check.grant.usedAt = state.now();
      const t = issueTokens(state, 'shopee', shopId);
      return {
        top: {
          partner_id: state.config.shopee.partnerId,
          shop_id: Number(shopId),
          access_token: t.accessToken,
          refresh_token: t.refreshToken,
          expire_in: t.accessTtl,
        },
      };
    },
  });
}
