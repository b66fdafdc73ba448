import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authorizationPage } from './pages.ts';
import { deliverPush, hmacHex } from './push.ts';
import { bigId, type SandboxConversation, type SandboxMessage, type Store, token } from './state.ts';

export interface ShopeeSandboxOptions {
  partnerId: number;
  partnerKey: string;
  webhookUrl?: string | undefined;
  publicUrl: string;
  fetch: typeof fetch;
  now: () => number;
  accessTokenTtlSeconds: number;
}

type Query = Record<string, string | undefined>;
const BIG_ID_FIELDS = [
  'conversation_id',
  'message_id',
  'latest_message_id',
  'last_read_message_id',
  'from_id',
  'to_id',
  'shop_id',
  'from_shop_id',
  'to_shop_id',
  'item_id',
  'last_message_timestamp',
];

/** JSON with Shopee's big ids written as raw number literals, exactly as Shopee sends them. */
export function shopeeJson(value: unknown): string {
  let text = JSON.stringify(value);
  for (const f of BIG_ID_FIELDS) text = text.replace(new RegExp(`"${f}":"(\\d+)"`, 'g'), `"${f}":$1`);
  return text;
}

const requestId = () => randomBytes(16).toString('hex');

export function shopeeSandbox(app: FastifyInstance, store: Store, o: ShopeeSandboxOptions) {
  const st = () => store.state.shopee;
  const nowS = () => Math.floor(o.now() / 1000);
  const send = (reply: FastifyReply, status: number, body: unknown) =>
    reply.status(status).type('application/json').send(shopeeJson(body));
  const fail = (reply: FastifyReply, status: number, error: string, message: string) =>
    send(reply, status, { error, message, request_id: requestId() });
  const ok = (reply: FastifyReply, response: unknown) =>
    send(reply, 200, { error: '', message: '', request_id: requestId(), response });
  const platformPath = (request: FastifyRequest) => {
    const path = request.url.split('?')[0]!;
    return path.slice(path.indexOf('/api/v2/'));
  };

  /** Common parameters and the signature, checked as Shopee does; answers an error reply or the shop id. */
  function verify(
    request: FastifyRequest,
    reply: FastifyReply,
    level: 'public' | 'shop',
  ): string | null | undefined {
    const q = request.query as Query;
    for (const p of [
      'partner_id',
      'timestamp',
      'sign',
      ...(level === 'shop' ? ['access_token', 'shop_id'] : []),
    ]) {
      if (!q[p]) return void fail(reply, 400, 'error_param', `Missing required parameter: ${p}`);
    }
    if (Number(q.partner_id) !== o.partnerId)
      return void fail(reply, 400, 'error_param', 'Invalid partner_id.');
    if (Math.abs(nowS() - Number(q.timestamp)) > 300)
      return void fail(reply, 400, 'error_param', 'Timestamp is expired.');
    const parts = [
      q.partner_id,
      platformPath(request),
      q.timestamp,
      ...(level === 'shop' ? [q.access_token, q.shop_id] : []),
    ];
    if (hmacHex(o.partnerKey, parts.join('')) !== q.sign)
      return void fail(reply, 403, 'error_sign', 'Wrong sign.');
    if (level === 'public') return null;
    const grant = st().accessTokens[q.access_token!];
    if (!grant || grant.shopId !== q.shop_id || grant.expiresAt < o.now()) {
      return void fail(reply, 403, 'invalid_acceess_token', 'Invalid access_token.');
    }
    return q.shop_id!;
  }

  const issueTokens = (shopId: string) => {
    const accessToken = token('sa');
    const refreshToken = token('sr');
    st().accessTokens[accessToken] = { shopId, expiresAt: o.now() + o.accessTokenTtlSeconds * 1000 };
    st().refreshTokens[refreshToken] = { shopId, expiresAt: o.now() + 30 * 86_400_000, used: false };
    if (!st().authorized.includes(shopId)) st().authorized.push(shopId);
    store.save();
    return { access_token: accessToken, refresh_token: refreshToken, expire_in: o.accessTokenTtlSeconds };
  };

  const shopOf = (id: string) => st().shops.find((s) => s.id === id);
  const lastAt = (c: SandboxConversation) => c.messages.at(-1)?.at ?? 0;
  const toMessage = (c: SandboxConversation, m: SandboxMessage) => ({
    message_id: m.id,
    message_type: m.type,
    from_id: m.from === 'buyer' ? c.buyerId : c.shopId,
    from_shop_id: m.from === 'shop' ? c.shopId : '0',
    to_id: m.from === 'buyer' ? c.shopId : c.buyerId,
    to_shop_id: m.from === 'buyer' ? c.shopId : '0',
    conversation_id: c.id,
    created_timestamp: Math.floor(m.at / 1000),
    region: 'MY',
    status: 'normal',
    source: m.from === 'shop' ? 'openapi' : 'web',
    content: m.content,
  });

  /** Adds a message and pushes it (code 10 webchat) to our webhook when the shop authorized us. */
  function addMessage(
    c: SandboxConversation,
    from: 'buyer' | 'shop',
    type: string,
    content: Record<string, unknown>,
  ) {
    const message: SandboxMessage = { id: bigId(), from, type, content, at: o.now() };
    c.messages.push(message);
    store.save();
    if (st().authorized.includes(c.shopId)) {
      const body = shopeeJson({
        msg_id: '',
        code: 10,
        shop_id: c.shopId,
        timestamp: nowS(),
        data: {
          type: 'message',
          region: 'MY',
          content: {
            ...toMessage(c, message),
            from_user_name: from === 'buyer' ? c.buyerName : shopOf(c.shopId)?.name,
            to_user_name: from === 'buyer' ? shopOf(c.shopId)?.name : c.buyerName,
          },
        },
      });
      void deliverPush(
        o.fetch,
        store,
        'shopee',
        c.shopId,
        { url: o.webhookUrl, sign: (b) => hmacHex(o.partnerKey, `${o.webhookUrl}|${b}`) },
        body,
      );
    }
    return message;
  }

  // ---- authorization ----------------------------------------------------------------------
  app.get('/shopee/api/v2/shop/auth_partner', async (request, reply) => {
    if (verify(request, reply, 'public') === undefined) return reply;
    const q = request.query as Query;
    if (!q.redirect) return fail(reply, 400, 'error_param', 'Missing required parameter: redirect');
    return reply.type('text/html').send(
      authorizationPage({
        platform: 'Shopee',
        color: '#ee4d2d',
        action: `${o.publicUrl}/shopee/authorize`,
        shops: st().shops,
        hidden: { redirect: q.redirect },
      }),
    );
  });

  app.post('/shopee/authorize', async (request, reply) => {
    const body = request.body as Query;
    const redirect = body.redirect ?? '';
    if (!/^https?:\/\//.test(redirect)) return reply.status(400).send('Invalid redirect');
    const join = redirect.includes('?') ? '&' : '?';
    if (body.decision !== 'approve' || !body.shop_id || !shopOf(body.shop_id))
      return reply.redirect(`${redirect}${join}error=access_denied`);
    const code = randomBytes(16).toString('hex');
    st().codes[code] = { shopId: body.shop_id, expiresAt: o.now() + 10 * 60_000, used: false };
    store.save();
    return reply.redirect(`${redirect}${join}code=${code}&shop_id=${body.shop_id}`);
  });

  app.post('/shopee/api/v2/auth/token/get', async (request, reply) => {
    if (verify(request, reply, 'public') === undefined) return reply;
    const body = (request.body ?? {}) as { code?: string; shop_id?: number | string; partner_id?: number };
    if (!body.code || !body.shop_id)
      return fail(reply, 400, 'error_param', 'Missing required parameter: code or shop_id');
    const grant = st().codes[body.code];
    if (!grant || grant.used || grant.expiresAt < o.now() || grant.shopId !== String(body.shop_id)) {
      return fail(reply, 403, 'error_auth', 'Invalid code.');
    }
    grant.used = true;
    return send(reply, 200, {
      ...issueTokens(grant.shopId),
      error: '',
      message: '',
      request_id: requestId(),
      shop_id_list: [grant.shopId],
    });
  });

  app.post('/shopee/api/v2/auth/access_token/get', async (request, reply) => {
    if (verify(request, reply, 'public') === undefined) return reply;
    const body = (request.body ?? {}) as { refresh_token?: string; shop_id?: number | string };
    if (!body.refresh_token || !body.shop_id)
      return fail(reply, 400, 'error_param', 'Missing required parameter: refresh_token or shop_id');
    const grant = st().refreshTokens[body.refresh_token];
    if (!grant || grant.shopId !== String(body.shop_id))
      return fail(reply, 403, 'error_auth', 'Invalid refresh_token.');
    if (grant.used || grant.expiresAt < o.now())
      return fail(reply, 403, 'refresh_token_expired', 'refresh_token is expired or used.');
    grant.used = true;
    return send(reply, 200, {
      ...issueTokens(grant.shopId),
      shop_id: grant.shopId,
      partner_id: o.partnerId,
      error: '',
      message: '',
      request_id: requestId(),
    });
  });

  // ---- shop-level calls -----------------------------------------------------------------
  const shopRoute = (
    method: 'GET' | 'POST',
    path: string,
    handler: (shopId: string, request: FastifyRequest, reply: FastifyReply) => unknown,
  ) =>
    app.route({
      method,
      url: `/shopee${path}`,
      handler: async (request, reply) => {
        const shopId = verify(request, reply, 'shop');
        if (!shopId) return reply;
        return handler(shopId, request, reply);
      },
    });

  shopRoute('GET', '/api/v2/shop/get_shop_info', (shopId, _r, reply) =>
    ok(reply, {
      shop_name: shopOf(shopId)?.name,
      region: 'MY',
      status: 'NORMAL',
      is_cb: false,
      expire_time: nowS() + 365 * 86_400,
    }),
  );

  shopRoute('GET', '/api/v2/sellerchat/get_conversation_list', (shopId, request, reply) => {
    const q = request.query as Query;
    if (!q.direction || !q.type)
      return fail(reply, 400, 'error_param', 'Missing required parameter: direction or type');
    const size = Math.min(Number(q.page_size ?? 25) || 25, 100);
    const before = q.next_timestamp_nano
      ? Number(BigInt(q.next_timestamp_nano) / 1_000_000n)
      : Number.POSITIVE_INFINITY;
    const all = st()
      .conversations.filter((c) => c.shopId === shopId && c.messages.length > 0 && lastAt(c) < before)
      .sort((a, b) => lastAt(b) - lastAt(a));
    const page = all.slice(0, size);
    const last = page.at(-1);
    return ok(reply, {
      conversations: page.map((c) => {
        const m = c.messages.at(-1)!;
        return {
          conversation_id: c.id,
          to_id: c.buyerId,
          to_name: c.buyerName,
          to_avatar: '',
          shop_id: c.shopId,
          unread_count: c.messages.filter((x) => x.from === 'buyer' && x.id > c.readUpTo).length,
          pinned: false,
          last_read_message_id: c.readUpTo || '0',
          latest_message_id: m.id,
          latest_message_type: m.type,
          latest_message_content: { text: typeof m.content.text === 'string' ? m.content.text : '' },
          latest_message_from_id: m.from === 'buyer' ? c.buyerId : c.shopId,
          last_message_timestamp: (BigInt(m.at) * 1_000_000n).toString(),
        };
      }),
      page_result: {
        page_size: size,
        more: all.length > size,
        next_cursor: {
          next_message_time_nano: last ? (BigInt(lastAt(last)) * 1_000_000n).toString() : '0',
          conversation_id: last?.id ?? '0',
        },
      },
    });
  });

  const conversationOf = (shopId: string, id: string | undefined) =>
    st().conversations.find((c) => c.shopId === shopId && c.id === id);

  shopRoute('GET', '/api/v2/sellerchat/get_message', (shopId, request, reply) => {
    const q = request.query as Query;
    const c = conversationOf(shopId, q.conversation_id);
    if (!c) return fail(reply, 400, 'error_param', 'Invalid conversation_id.');
    const size = Math.min(Number(q.page_size ?? 25) || 25, 100);
    const newestFirst = [...c.messages].reverse();
    const start = q.offset ? newestFirst.findIndex((m) => m.id === q.offset) + 1 : 0;
    const page = newestFirst.slice(start, start + size);
    const more = start + size < newestFirst.length;
    return ok(reply, {
      messages: page.map((m) => toMessage(c, m)),
      page_result: { page_size: size, next_offset: more ? page.at(-1)!.id : '' },
    });
  });

  shopRoute('POST', '/api/v2/sellerchat/send_message', (shopId, request, reply) => {
    const body = (request.body ?? {}) as {
      to_id?: number | string;
      message_type?: string;
      content?: Record<string, unknown>;
    };
    if (!body.to_id || !body.message_type || !body.content)
      return fail(reply, 400, 'error_param', 'Missing required parameter: to_id, message_type or content');
    const c = st().conversations.find((x) => x.shopId === shopId && x.buyerId === String(body.to_id));
    if (!c) return fail(reply, 400, 'error_param', 'Invalid to_id.');
    if (body.message_type === 'text' && typeof body.content.text !== 'string')
      return fail(reply, 400, 'error_param', 'content.text is required.');
    const m = addMessage(c, 'shop', body.message_type, body.content);
    return ok(reply, {
      message_id: m.id,
      conversation_id: c.id,
      to_id: c.buyerId,
      message_type: m.type,
      content: m.content,
      created_timestamp: Math.floor(m.at / 1000),
      region: 'MY',
    });
  });

  shopRoute('POST', '/api/v2/sellerchat/read_conversation', (shopId, request, reply) => {
    const body = (request.body ?? {}) as {
      conversation_id?: string | number;
      last_read_message_id?: string | number;
    };
    const c = conversationOf(
      shopId,
      body.conversation_id === undefined ? undefined : String(body.conversation_id),
    );
    if (!c) return fail(reply, 400, 'error_param', 'Invalid conversation_id.');
    c.readUpTo = String(body.last_read_message_id ?? '');
    store.save();
    return ok(reply, {});
  });

  const productsOf = (shopId: string) => shopOf(shopId)?.products ?? [];
  const image = (path: string) => `${o.publicUrl}/${path}`;

  shopRoute('GET', '/api/v2/product/get_item_list', (shopId, request, reply) => {
    const q = request.query as Query;
    if (q.offset === undefined || !q.page_size || !q.item_status)
      return fail(reply, 400, 'error_param', 'Missing required parameter: offset, page_size or item_status');
    const offset = Number(q.offset);
    const size = Math.min(Number(q.page_size), 100);
    const all = productsOf(shopId);
    return ok(reply, {
      item: all
        .slice(offset, offset + size)
        .map((p) => ({ item_id: p.id, item_status: 'NORMAL', update_time: nowS() - 86_400 })),
      total_count: all.length,
      has_next_page: offset + size < all.length,
      next_offset: Math.min(offset + size, all.length),
    });
  });

  shopRoute('GET', '/api/v2/product/get_item_base_info', (shopId, request, reply) => {
    const ids = String((request.query as Query).item_id_list ?? '')
      .replace(/[[\]]/g, '')
      .split(',')
      .filter(Boolean);
    if (ids.length === 0 || ids.length > 50)
      return fail(reply, 400, 'error_param', 'item_id_list must hold 1 to 50 ids.');
    return ok(reply, {
      item_list: productsOf(shopId)
        .filter((p) => ids.includes(p.id))
        .map((p) => ({
          item_id: p.id,
          item_name: p.name,
          description: p.description,
          item_status: 'NORMAL',
          price_info: [{ currency: 'MYR', original_price: p.price, current_price: p.price }],
          stock_info_v2: { summary_info: { total_reserved_stock: 0, total_available_stock: p.stock } },
          image: { image_url_list: [image(p.image)], image_id_list: [p.id] },
          update_time: nowS() - 86_400,
        })),
    });
  });

  shopRoute('GET', '/api/v2/product/search_item', (shopId, request, reply) => {
    const q = request.query as Query;
    if (!q.page_size) return fail(reply, 400, 'error_param', 'Missing required parameter: page_size');
    const name = (q.item_name ?? '').toLowerCase();
    const hits = productsOf(shopId).filter((p) => p.name.toLowerCase().includes(name));
    return ok(reply, {
      item_id_list: hits.slice(0, Number(q.page_size)).map((p) => p.id),
      total_count: hits.length,
      next_offset: '',
    });
  });

  shopRoute('GET', '/api/v2/voucher/get_voucher_list', (shopId, request, reply) => {
    if (!(request.query as Query).status)
      return fail(reply, 400, 'error_param', 'Missing required parameter: status');
    return ok(reply, {
      more: false,
      voucher_list: (shopOf(shopId)?.vouchers ?? []).map((v) => ({
        voucher_id: v.id,
        voucher_code: v.code,
        voucher_name: v.name,
        voucher_type: 1,
        reward_type: v.discount ? 2 : 1,
        percentage: v.discount,
        discount_amount: 0,
        start_time: nowS() - 86_400,
        end_time: Math.floor(v.endTime),
      })),
    });
  });

  shopRoute('GET', '/api/v2/push/get_lost_push_message', (shopId, _r, reply) => {
    const lost = st()
      .lostPushes.filter((p) => p.shopId === shopId)
      .slice(0, 100);
    return ok(reply, {
      push_message_list: lost.map((p) => JSON.parse(p.body) as unknown),
      has_next_page: false,
      last_message_id: lost.at(-1)?.id ?? '',
    });
  });

  return {
    /** A buyer writes to a shop (the shopper console and tests). */
    buyerSays(shopId: string, buyerId: string, type: string, content: Record<string, unknown>) {
      const buyer = st().buyers.find((b) => b.id === buyerId);
      if (!shopOf(shopId) || !buyer) throw new Error('Unknown shop or buyer');
      let c = st().conversations.find((x) => x.shopId === shopId && x.buyerId === buyerId);
      if (!c) {
        c = { id: bigId(), shopId, buyerId, buyerName: buyer.name, messages: [], readUpTo: '' };
        st().conversations.push(c);
      }
      return { conversation: c, message: addMessage(c, 'buyer', type, content) };
    },
    conversation: (shopId: string, buyerId: string) =>
      st().conversations.find((x) => x.shopId === shopId && x.buyerId === buyerId),
  };
}
