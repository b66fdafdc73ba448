import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorizationPage } from './pages.ts';
import { deliverPush, hmacHex } from './push.ts';
import { type SandboxConversation, type SandboxMessage, type Store, token } from './state.ts';

export interface LazadaSandboxOptions {
  appKey: string;
  appSecret: string;
  webhookUrl?: string | undefined;
  publicUrl: string;
  fetch: typeof fetch;
  now: () => number;
  accessTokenTtlSeconds: number;
}

type Params = Record<string, string | undefined>;
const requestId = () => randomBytes(12).toString('hex');
const templateOf: Record<string, number> = {
  text: 1,
  image: 3,
  sticker: 4,
  item: 10006,
  order: 10007,
  voucher: 10008,
};

export function lazadaSandbox(app: FastifyInstance, store: Store, o: LazadaSandboxOptions) {
  const st = () => store.state.lazada;
  const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.status(status).send({ code, type: 'ISV', message, request_id: requestId() });
  const ok = (reply: FastifyReply, data: unknown) => reply.send({ code: '0', data, request_id: requestId() });

  const paramsOf = (request: FastifyRequest): Params => ({
    ...(request.query as Params),
    ...(request.body && typeof request.body === 'object' ? (request.body as Params) : {}),
  });

  /** System parameters and the signature, checked as Lazada does (params of query and form body). */
  function verify(
    request: FastifyRequest,
    reply: FastifyReply,
    needsToken: boolean,
  ): { params: Params; shopId: string | null } | undefined {
    const params = paramsOf(request);
    for (const p of [
      'app_key',
      'timestamp',
      'sign_method',
      'sign',
      ...(needsToken ? ['access_token'] : []),
    ]) {
      if (!params[p]) return void fail(reply, 400, 'MissingParameter', `Missing required parameter: ${p}`);
    }
    if (params.app_key !== o.appKey)
      return void fail(reply, 400, 'InvalidAppKey', 'The specified app key is invalid');
    if (Math.abs(o.now() - Number(params.timestamp)) > 7_200_000)
      return void fail(reply, 400, 'InvalidTimestamp', 'The specified timestamp is invalid');
    const path = request.url.split('?')[0]!;
    const apiPath = path.slice(path.indexOf('/rest') + 5);
    const base =
      apiPath +
      Object.keys(params)
        .filter((k) => k !== 'sign' && params[k] !== undefined)
        .sort()
        .map((k) => `${k}${params[k]}`)
        .join('');
    if (hmacHex(o.appSecret, base).toUpperCase() !== params.sign) {
      return void fail(
        reply,
        400,
        'IncompleteSignature',
        'The request signature does not conform to lazada standards',
      );
    }
    if (!needsToken) return { params, shopId: null };
    const grant = st().accessTokens[params.access_token!];
    if (!grant || grant.expiresAt < o.now())
      return void fail(reply, 400, 'IllegalAccessToken', 'The specified access token is invalid or expired');
    return { params, shopId: grant.shopId };
  }

  const shopOf = (id: string) => st().shops.find((s) => s.id === id);
  const tokens = (shopId: string) => {
    const accessToken = token('la');
    const refreshToken = token('lr');
    st().accessTokens[accessToken] = { shopId, expiresAt: o.now() + o.accessTokenTtlSeconds * 1000 };
    st().refreshTokens[refreshToken] = { shopId, expiresAt: o.now() + 14 * 86_400_000, used: false };
    if (!st().authorized.includes(shopId)) st().authorized.push(shopId);
    store.save();
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: o.accessTokenTtlSeconds,
      refresh_expires_in: 14 * 86_400,
      account: `seller${shopId}@sandbox.lazada`,
      account_id: shopId,
      account_platform: 'seller_center',
      country: 'my',
      country_user_info: [
        { country: 'my', seller_id: shopId, user_id: shopId, short_code: `MY${shopId.slice(-4)}` },
      ],
      code: '0',
      request_id: requestId(),
    };
  };

  const toMessage = (c: SandboxConversation, m: SandboxMessage) => ({
    message_id: m.id,
    session_id: c.id,
    from_account_id: m.from === 'buyer' ? c.buyerId : c.shopId,
    from_account_type: m.from === 'buyer' ? 1 : 2,
    to_account_id: m.from === 'buyer' ? c.shopId : c.buyerId,
    to_account_type: m.from === 'buyer' ? 2 : 1,
    send_time: m.at,
    template_id: templateOf[m.type] ?? 1,
    type: 1,
    content: JSON.stringify(m.content),
    auto_reply: false,
    status: 0,
    site_id: 'MY',
  });

  /** Adds a message and sends the IM session update push (message type 19). */
  function addMessage(
    c: SandboxConversation,
    from: 'buyer' | 'shop',
    type: string,
    content: Record<string, unknown>,
  ) {
    const message: SandboxMessage = {
      id: `${o.now()}${randomBytes(3).toString('hex')}`,
      from,
      type,
      content,
      at: o.now(),
    };
    c.messages.push(message);
    store.save();
    if (st().authorized.includes(c.shopId)) {
      const body = JSON.stringify({
        seller_id: c.shopId,
        message_type: 19,
        data: {
          sync_type: 'SESSION_UPDATE',
          user_account_id: c.shopId,
          user_account_type: 2,
          session_id: c.id,
          unread_count: c.messages.filter((x) => x.from === 'buyer').length,
          site_id: 'MY',
        },
        timestamp: o.now(),
        site: 'lazada_my',
      });
      void deliverPush(
        o.fetch,
        store,
        'lazada',
        c.shopId,
        { url: o.webhookUrl, sign: (b) => hmacHex(o.appSecret, `${o.appKey}${b}`) },
        body,
      );
    }
    return message;
  }

  // ---- authorization ----------------------------------------------------------------------
  app.get('/lazada/oauth/authorize', async (request, reply) => {
    const q = request.query as Params;
    if (q.response_type !== 'code' || !q.redirect_uri || !q.client_id) {
      return reply
        .status(400)
        .type('text/html')
        .send('<p>Missing or invalid parameters: response_type, redirect_uri, client_id</p>');
    }
    if (q.client_id !== o.appKey) return reply.status(400).type('text/html').send('<p>Unknown client_id</p>');
    return reply.type('text/html').send(
      authorizationPage({
        platform: 'Lazada',
        color: '#0f146d',
        action: `${o.publicUrl}/lazada/oauth/approve`,
        shops: st().shops,
        hidden: { redirect_uri: q.redirect_uri, state: q.state ?? '' },
      }),
    );
  });

  app.post('/lazada/oauth/approve', async (request, reply) => {
    const body = request.body as Params;
    const redirect = body.redirect_uri ?? '';
    if (!/^https?:\/\//.test(redirect)) return reply.status(400).send('Invalid redirect_uri');
    const join = redirect.includes('?') ? '&' : '?';
    const state = body.state ? `&state=${encodeURIComponent(body.state)}` : '';
    if (body.decision !== 'approve' || !body.shop_id || !shopOf(body.shop_id))
      return reply.redirect(`${redirect}${join}error=access_denied${state}`);
    const code = `0_${o.appKey}_${randomBytes(12).toString('hex')}`;
    st().codes[code] = { shopId: body.shop_id, expiresAt: o.now() + 30 * 60_000, used: false };
    store.save();
    return reply.redirect(`${redirect}${join}code=${code}${state}`);
  });

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/lazada/rest/auth/token/create',
      handler: async (request, reply) => {
        const v = verify(request, reply, false);
        if (!v) return reply;
        const grant = v.params.code ? st().codes[v.params.code] : undefined;
        if (!v.params.code) return fail(reply, 400, 'MissingParameter', 'Missing required parameter: code');
        if (!grant || grant.used || grant.expiresAt < o.now())
          return fail(reply, 400, 'InvalidCode', 'The authorization code is invalid or expired');
        grant.used = true;
        return reply.send(tokens(grant.shopId));
      },
    });
    app.route({
      method,
      url: '/lazada/rest/auth/token/refresh',
      handler: async (request, reply) => {
        const v = verify(request, reply, false);
        if (!v) return reply;
        const grant = v.params.refresh_token ? st().refreshTokens[v.params.refresh_token] : undefined;
        if (!grant || grant.used || grant.expiresAt < o.now())
          return fail(reply, 400, 'IllegalRefreshToken', 'The specified refresh token is invalid or expired');
        grant.used = true;
        const next = tokens(grant.shopId);
        return reply.send({ ...next, country_user_info_list: next.country_user_info });
      },
    });
  }

  // ---- seller calls ------------------------------------------------------------------------
  const apiRoute = (
    method: 'GET' | 'POST',
    path: string,
    handler: (shopId: string, params: Params, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      method,
      url: `/lazada/rest${path}`,
      handler: async (request, reply) => {
        const v = verify(request, reply, true);
        if (!v) return reply;
        return handler(v.shopId!, v.params, reply);
      },
    });
  const lastAt = (c: SandboxConversation) => c.messages.at(-1)?.at ?? 0;

  apiRoute('GET', '/im/session/list', (shopId, p, reply) => {
    if (!p.start_time || !p.page_size)
      return fail(reply, 400, 'MissingParameter', 'Missing required parameter: start_time or page_size');
    const before = Number(p.start_time);
    const size = Math.min(Number(p.page_size), 100);
    const all = st()
      .conversations.filter(
        (c) =>
          c.shopId === shopId && c.messages.length > 0 && lastAt(c) <= before && c.id !== p.last_session_id,
      )
      .sort((a, b) => lastAt(b) - lastAt(a));
    const page = all.slice(0, size);
    return ok(reply, {
      session_list: page.map((c) => {
        const m = c.messages.at(-1)!;
        return {
          session_id: c.id,
          title: c.buyerName,
          summary: typeof m.content.txt === 'string' ? m.content.txt : '[message]',
          head_url: '',
          last_message_id: m.id,
          last_message_time: m.at,
          buyer_id: c.buyerId,
          unread_count: c.messages.filter((x) => x.from === 'buyer' && x.id > c.readUpTo).length,
          site_id: 'MY',
        };
      }),
      has_more: all.length > size,
      next_start_time: page.length ? lastAt(page.at(-1)!) : before,
      last_session_id: page.at(-1)?.id ?? '',
    });
  });

  const sessionOf = (shopId: string, id: string | undefined) =>
    st().conversations.find((c) => c.shopId === shopId && c.id === id);

  apiRoute('GET', '/im/message/list', (shopId, p, reply) => {
    if (!p.session_id || !p.start_time || !p.page_size)
      return fail(
        reply,
        400,
        'MissingParameter',
        'Missing required parameter: session_id, start_time or page_size',
      );
    const c = sessionOf(shopId, p.session_id);
    if (!c) return fail(reply, 400, 'InvalidParameter', 'Invalid session_id');
    const before = Number(p.start_time);
    const size = Math.min(Number(p.page_size), 100);
    const older = [...c.messages].reverse().filter((m) => m.at <= before && m.id !== p.last_message_id);
    const page = older.slice(0, size);
    return ok(reply, {
      message_list: page.map((m) => toMessage(c, m)),
      has_more: older.length > size,
      next_start_time: page.at(-1)?.at ?? before,
      last_message_id: page.at(-1)?.id ?? '',
    });
  });

  apiRoute('POST', '/im/message/send', (shopId, p, reply) => {
    const c = sessionOf(shopId, p.session_id);
    if (!c || !p.template_id)
      return fail(reply, 400, 'InvalidParameter', 'Invalid session_id or template_id');
    const template = Number(p.template_id);
    const type = Object.entries(templateOf).find(([, id]) => id === template)?.[0] ?? 'text';
    const content: Record<string, unknown> =
      template === 1 || template === 4
        ? { txt: p.txt ?? '' }
        : template === 3
          ? { imgUrl: p.img_url }
          : { itemId: p.item_id, orderId: p.order_id, promotionId: p.promotion_id };
    if ((template === 1 && !p.txt) || (template === 3 && !p.img_url))
      return fail(reply, 400, 'MissingParameter', 'Missing message content');
    const m = addMessage(c, 'shop', type, content);
    return ok(reply, { message_id: m.id, template_id: template, current_time: m.at });
  });

  apiRoute('POST', '/im/session/read', (shopId, p, reply) => {
    const c = sessionOf(shopId, p.session_id);
    if (!c) return fail(reply, 400, 'InvalidParameter', 'Invalid session_id');
    c.readUpTo = p.last_read_message_id ?? '';
    store.save();
    return ok(reply, {});
  });

  apiRoute('GET', '/products/get', (shopId, p, reply) => {
    const offset = Number(p.offset ?? 0);
    const limit = Math.min(Number(p.limit ?? 20), 50);
    const all = shopOf(shopId)?.products ?? [];
    return ok(reply, {
      total_products: all.length,
      products: all.slice(offset, offset + limit).map((x) => ({
        item_id: x.id,
        attributes: { name: x.name, description: x.description, short_description: x.description },
        images: [`${o.publicUrl}/${x.image}`],
        skus: [
          {
            SellerSku: `SKU-${x.id}`,
            price: x.price,
            quantity: x.stock,
            currency: 'MYR',
            Images: [`${o.publicUrl}/${x.image}`],
          },
        ],
      })),
    });
  });

  apiRoute('GET', '/promotion/vouchers/get', (shopId, p, reply) => {
    if (!p.voucher_type)
      return fail(reply, 400, 'MissingParameter', 'Missing required parameter: voucher_type');
    const list = shopOf(shopId)?.vouchers ?? [];
    return ok(reply, {
      total: list.length,
      data_list: list.map((v) => ({
        id: v.id,
        voucher_name: v.name,
        voucher_code: v.code,
        offering_percentage_discount_off: v.discount,
        status: 'ONGOING',
      })),
    });
  });

  return {
    buyerSays(shopId: string, buyerId: string, type: string, content: Record<string, unknown>) {
      const buyer = st().buyers.find((b) => b.id === buyerId);
      if (!shopOf(shopId) || !buyer) throw new Error('Unknown shop or buyer');
      let c = st().conversations.find((x) => x.shopId === shopId && x.buyerId === buyerId);
      if (!c) {
        c = {
          id: `${shopId}_2_${buyerId}_1_${st().conversations.length + 100}`,
          shopId,
          buyerId,
          buyerName: buyer.name,
          messages: [],
          readUpTo: '',
        };
        st().conversations.push(c);
      }
      const lazadaContent = type === 'text' ? { txt: content.text ?? content.txt } : content;
      return { conversation: c, message: addMessage(c, 'buyer', type, lazadaContent) };
    },
    conversation: (shopId: string, buyerId: string) =>
      st().conversations.find((x) => x.shopId === shopId && x.buyerId === buyerId),
  };
}
