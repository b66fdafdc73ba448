import { MarketplaceError } from './errors.ts';
import { call, type Transport, type TransportOptions, transport } from './http.ts';
import { lazadaSign } from './sign.ts';

export interface LazadaConfig {
  appKey: string;
  appSecret: string;
  /** Authorization page host, e.g. https://auth.lazada.com */
  authBaseUrl: string;
  /** Token endpoints, e.g. https://auth.lazada.com/rest */
  authRestUrl: string;
  /** The seller's country API, e.g. https://api.lazada.com.my/rest */
  apiBaseUrl: string;
}

export interface LazadaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
  account: string;
  sellerId: string;
  country: string | null;
}

type Json = Record<string, unknown>;
type Params = Record<string, string | number | undefined>;
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));

const checkLazada = (body: unknown, status: number) => {
  const b = body as { code?: unknown; message?: unknown; request_id?: unknown } | null;
  const code = s(b?.code);
  if (code && code !== '0') {
    return new MarketplaceError('lazada', code, s(b?.message), {
      requestId: s(b?.request_id),
      httpStatus: status,
    });
  }
  return null;
};

export function createLazadaClient(config: LazadaConfig, options: TransportOptions | typeof fetch = {}) {
  const t: Transport = transport(typeof options === 'function' ? { fetch: options } : options);
  const trim = (u: string) => u.replace(/\/+$/, '');

  /** apiPath is the platform path without /rest (what the signature covers). */
  const request = <T>(
    root: string,
    method: 'GET' | 'POST',
    apiPath: string,
    business: Params,
    accessToken?: string,
  ) =>
    call<T>(
      'lazada',
      t,
      () => {
        const params: Record<string, string | number> = {
          app_key: config.appKey,
          timestamp: t.now(),
          sign_method: 'sha256',
          ...(accessToken ? { access_token: accessToken } : {}),
        };
        for (const [k, v] of Object.entries(business)) if (v !== undefined && v !== '') params[k] = v;
        const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
        q.set('sign', lazadaSign(config.appSecret, apiPath, params));
        const url = `${trim(root)}${apiPath}`;
        return method === 'GET'
          ? { url: `${url}?${q}`, init: { method } }
          : {
              url,
              init: {
                method,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: q.toString(),
              },
            };
      },
      checkLazada,
    );

  const api = <T>(method: 'GET' | 'POST', apiPath: string, accessToken: string, business: Params = {}) =>
    request<{ data?: T }>(config.apiBaseUrl, method, apiPath, business, accessToken).then(
      (b) => (b.data ?? {}) as T,
    );

  const tokens = (b: Json): LazadaTokens => {
    const now = t.now();
    const info = ((b.country_user_info ?? b.country_user_info_list) as Json[] | undefined)?.[0];
    return {
      accessToken: s(b.access_token),
      refreshToken: s(b.refresh_token),
      expiresAt: new Date(now + Number(b.expires_in ?? 0) * 1000),
      refreshExpiresAt: b.refresh_expires_in ? new Date(now + Number(b.refresh_expires_in) * 1000) : null,
      account: s(b.account),
      sellerId: s(info?.seller_id) || s(b.account_id) || s(b.account),
      country: s(b.country) || s(info?.country) || null,
    };
  };

  return {
    authorizationUrl(input: { redirectUri: string; state: string }): string {
      const q = new URLSearchParams({
        response_type: 'code',
        force_auth: 'true',
        redirect_uri: input.redirectUri,
        client_id: config.appKey,
        state: input.state,
      });
      return `${trim(config.authBaseUrl)}/oauth/authorize?${q}`;
    },

    createToken: async (code: string) =>
      tokens(await request<Json>(config.authRestUrl, 'POST', '/auth/token/create', { code })),

    refreshToken: async (refreshToken: string) =>
      tokens(
        await request<Json>(config.authRestUrl, 'POST', '/auth/token/refresh', {
          refresh_token: refreshToken,
        }),
      ),

    async listSessions(
      accessToken: string,
      input: { startTime: number; pageSize: number; lastSessionId?: string },
    ) {
      const d = await api<{
        session_list?: Json[];
        has_more?: boolean;
        next_start_time?: unknown;
        last_session_id?: unknown;
      }>('GET', '/im/session/list', accessToken, {
        start_time: input.startTime,
        page_size: input.pageSize,
        last_session_id: input.lastSessionId,
      });
      return {
        sessions: (d.session_list ?? []).map((x) => ({
          sessionId: s(x.session_id),
          title: s(x.title),
          summary: s(x.summary),
          buyerId: s(x.buyer_id),
          lastMessageId: s(x.last_message_id),
          lastMessageTime: Number(x.last_message_time ?? 0),
          unreadCount: Number(x.unread_count ?? 0),
        })),
        hasMore: Boolean(d.has_more),
        nextStartTime: Number(d.next_start_time ?? 0),
        lastSessionId: s(d.last_session_id),
      };
    },

    async listMessages(
      accessToken: string,
      input: { sessionId: string; startTime: number; pageSize: number; lastMessageId?: string },
    ) {
      const d = await api<{
        message_list?: Json[];
        has_more?: boolean;
        next_start_time?: unknown;
        last_message_id?: unknown;
      }>('GET', '/im/message/list', accessToken, {
        session_id: input.sessionId,
        start_time: input.startTime,
        page_size: input.pageSize,
        last_message_id: input.lastMessageId,
      });
      return {
        messages: (d.message_list ?? []).map(toLazadaMessage),
        hasMore: Boolean(d.has_more),
        nextStartTime: Number(d.next_start_time ?? 0),
        lastMessageId: s(d.last_message_id),
      };
    },

    async sendMessage(
      accessToken: string,
      input: {
        sessionId: string;
        templateId: number;
        txt?: string | undefined;
        itemId?: string | undefined;
        orderId?: string | undefined;
        promotionId?: string | undefined;
        imgUrl?: string | undefined;
      },
    ) {
      const d = await api<Json>('POST', '/im/message/send', accessToken, {
        session_id: input.sessionId,
        template_id: input.templateId,
        txt: input.txt,
        item_id: input.itemId,
        order_id: input.orderId,
        promotion_id: input.promotionId,
        img_url: input.imgUrl,
      });
      return { messageId: s(d.message_id), currentTime: Number(d.current_time ?? 0) };
    },

    readSession: (accessToken: string, input: { sessionId: string; lastReadMessageId: string }) =>
      api<Json>('POST', '/im/session/read', accessToken, {
        session_id: input.sessionId,
        last_read_message_id: input.lastReadMessageId,
      }),

    async getProducts(accessToken: string, input: { offset: number; limit: number; filter?: string }) {
      const d = await api<{ products?: Json[]; total_products?: number }>(
        'GET',
        '/products/get',
        accessToken,
        {
          filter: input.filter ?? 'live',
          offset: input.offset,
          limit: input.limit,
        },
      );
      return {
        products: (d.products ?? []).map((p) => {
          const attributes = (p.attributes ?? {}) as Json;
          const sku = ((p.skus ?? []) as Json[])[0] ?? {};
          const images = (
            (p.images as unknown[] | undefined) ??
            (sku.Images as unknown[] | undefined) ??
            []
          ).map(String);
          return {
            itemId: s(p.item_id),
            name: s(attributes.name),
            description: s(attributes.short_description || attributes.description),
            price: sku.special_price || sku.price ? Number(sku.special_price || sku.price) : null,
            currency: s(sku.currency) || null,
            stock: sku.quantity === undefined ? null : Number(sku.quantity),
            images,
          };
        }),
        total: Number(d.total_products ?? 0),
      };
    },

    async getVouchers(
      accessToken: string,
      input: { voucherType: string; curPage: number; pageSize: number },
    ) {
      const d = await api<{ data_list?: Json[]; total?: number }>(
        'GET',
        '/promotion/vouchers/get',
        accessToken,
        {
          voucher_type: input.voucherType,
          cur_page: input.curPage,
          page_size: input.pageSize,
        },
      );
      return (d.data_list ?? []).map((v) => ({
        voucherId: s(v.id),
        code: s(v.voucher_code),
        name: s(v.voucher_name),
        discountAmount: v.offering_money_value_off === undefined ? null : Number(v.offering_money_value_off),
        percentage:
          v.offering_percentage_discount_off === undefined
            ? null
            : Number(v.offering_percentage_discount_off),
      }));
    },
  };
}

export type LazadaClient = ReturnType<typeof createLazadaClient>;

export interface LazadaMessage {
  messageId: string;
  sessionId: string;
  fromAccountType: number;
  toAccountType: number;
  templateId: number;
  sendTime: number;
  /** The raw JSON string as Lazada sends it. */
  content: string;
  autoReply: boolean;
}

export function toLazadaMessage(m: Json): LazadaMessage {
  return {
    messageId: s(m.message_id),
    sessionId: s(m.session_id),
    fromAccountType: Number(m.from_account_type ?? 0),
    toAccountType: Number(m.to_account_type ?? 0),
    templateId: Number(m.template_id ?? 1),
    sendTime: Number(m.send_time ?? 0),
    content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? {}),
    autoReply: Boolean(m.auto_reply),
  };
}
