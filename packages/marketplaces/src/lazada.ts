import { MarketplaceError } from './errors.ts';
import { lazadaOrderCalls } from './lazada-orders.ts';
import {
  type LazadaMessage,
  type LazadaProduct,
  type LazadaSession,
  type LazadaTokens,
  type LazadaVoucher,
  parseLazadaMessage,
  parseLazadaSession,
  toLazadaProduct,
  toLazadaTokens,
  toLazadaVoucher,
} from './lazada-wire.ts';
import { lazadaSign } from './sign.ts';
import { callPlatform, createTransport, type TransportOptions, trimBase } from './transport.ts';
import { bool, type Json, list, num, obj, str } from './wire-values.ts';

export interface LazadaClientOptions extends TransportOptions {
  appKey: string;
  appSecret: string;
  /** Authorization page host (default https://auth.lazada.com). */
  authBaseUrl?: string | undefined;
  /** The seller's country API, /rest included (default https://api.lazada.com.my/rest). */
  apiBaseUrl?: string | undefined;
  /** Token endpoints, /rest included (default https://auth.lazada.com/rest). */
  authRestUrl?: string | undefined;
}

type Params = Record<string, string | number | undefined>;

const checkLazada = (b: Json, httpStatus: number) => {
  const code = str(b.code);
  // IM calls may also answer code "0" with success=false and their own err_code.
  const imFailure = b.success === false && str(b.err_code) !== '';
  if ((code === '' || code === '0') && !imFailure) return null;
  return new MarketplaceError({
    platform: 'lazada',
    code: code !== '' && code !== '0' ? code : str(b.err_code),
    message: str(b.message) || str(b.err_message),
    requestId: str(b.request_id),
    httpStatus,
  });
};

/**
 * A Lazada Open Platform client. Each base URL may carry a prefix (…/sandbox/lazada/rest); the
 * signature covers only the API path (/im/session/list), never the prefix or /rest.
 * `fetch` may also be given alone as the second argument.
 */
export function createLazadaClient(options: LazadaClientOptions, fetchImpl?: typeof fetch) {
  const t = createTransport(fetchImpl ? { ...options, fetch: fetchImpl } : options);
  const authBase = trimBase(options.authBaseUrl ?? 'https://auth.lazada.com');
  const authRest = trimBase(options.authRestUrl ?? 'https://auth.lazada.com/rest');
  const apiBase = trimBase(options.apiBaseUrl ?? 'https://api.lazada.com.my/rest');

  /** System params and `sign` go in the query; a POST's business params go in a form body. */
  const call = (
    root: string,
    method: 'GET' | 'POST',
    apiPath: string,
    business: Params,
    accessToken: string | undefined,
    idempotent = true,
  ) =>
    callPlatform(t, {
      platform: 'lazada',
      check: checkLazada,
      idempotent,
      build: () => {
        const system: Record<string, string> = {
          app_key: options.appKey,
          timestamp: String(t.now()),
          sign_method: 'sha256',
        };
        if (accessToken) system.access_token = accessToken;
        const biz: Record<string, string> = {};
        for (const [k, v] of Object.entries(business)) if (v !== undefined) biz[k] = String(v);
        const sign = lazadaSign(options.appSecret, apiPath, { ...biz, ...system });
        const query = new URLSearchParams({ ...system, ...(method === 'GET' ? biz : {}), sign });
        const url = `${root}${apiPath}?${query}`;
        if (method === 'GET') return { url, init: { method } };
        const headers = { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' };
        return { url, init: { method, headers, body: new URLSearchParams(biz).toString() } };
      },
    });

  const api = async (
    method: 'GET' | 'POST',
    apiPath: string,
    accessToken: string,
    business: Params,
    idempotent = true,
  ) => obj((await call(apiBase, method, apiPath, business, accessToken, idempotent)).data);

  return {
    ...lazadaOrderCalls((apiPath, accessToken, params) => call(apiBase, 'GET', apiPath, params, accessToken)),

    /** Lazada redirects to `redirectUri?code=…&state=…`. */
    authorizationUrl(input: { redirectUri: string; state: string }): string {
      const q = new URLSearchParams({
        response_type: 'code',
        force_auth: 'true',
        redirect_uri: input.redirectUri,
        client_id: options.appKey,
        state: input.state,
      });
      return `${authBase}/oauth/authorize?${q}`;
    },

    createToken: async (code: string): Promise<LazadaTokens> =>
      toLazadaTokens(await call(authRest, 'POST', '/auth/token/create', { code }, undefined), t.now()),

    refreshToken: async (refreshToken: string): Promise<LazadaTokens> =>
      toLazadaTokens(
        await call(authRest, 'POST', '/auth/token/refresh', { refresh_token: refreshToken }, undefined),
        t.now(),
      ),

    /** Newest first: start with startTime = now, then pass back nextStartTime and lastSessionId. */
    async listSessions(
      accessToken: string,
      input: { startTime: number; pageSize: number; lastSessionId?: string | undefined },
    ): Promise<{
      sessions: LazadaSession[];
      hasMore: boolean;
      nextStartTime: number;
      lastSessionId: string;
    }> {
      const d = await api('GET', '/im/session/list', accessToken, {
        start_time: input.startTime,
        page_size: input.pageSize,
        last_session_id: input.lastSessionId,
      });
      return {
        sessions: list(d.session_list).map(parseLazadaSession),
        hasMore: bool(d.has_more),
        nextStartTime: num(d.next_start_time),
        lastSessionId: str(d.last_session_id),
      };
    },

    getSession: async (accessToken: string, sessionId: string): Promise<LazadaSession> =>
      parseLazadaSession(await api('GET', '/im/session/get', accessToken, { session_id: sessionId })),

    async listMessages(
      accessToken: string,
      input: { sessionId: string; startTime: number; pageSize: number; lastMessageId?: string | undefined },
    ): Promise<{
      messages: LazadaMessage[];
      hasMore: boolean;
      nextStartTime: number;
      lastMessageId: string;
    }> {
      const d = await api('GET', '/im/message/list', accessToken, {
        session_id: input.sessionId,
        start_time: input.startTime,
        page_size: input.pageSize,
        last_message_id: input.lastMessageId,
      });
      return {
        messages: list(d.message_list).map(parseLazadaMessage),
        hasMore: bool(d.has_more),
        nextStartTime: num(d.next_start_time),
        lastMessageId: str(d.last_message_id),
      };
    },

    /** Never retried after a failure that may have reached Lazada, so a buyer never gets it twice. */
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
        width?: number | undefined;
        height?: number | undefined;
      },
    ): Promise<{ messageId: string; templateId: number; currentTime: number }> {
      const business = {
        session_id: input.sessionId,
        template_id: input.templateId,
        txt: input.txt,
        item_id: input.itemId,
        order_id: input.orderId,
        promotion_id: input.promotionId,
        img_url: input.imgUrl,
        width: input.width,
        height: input.height,
      };
      const d = await api('POST', '/im/message/send', accessToken, business, false);
      return {
        messageId: str(d.message_id),
        templateId: num(d.template_id, input.templateId),
        currentTime: num(d.current_time),
      };
    },

    async readSession(
      accessToken: string,
      input: { sessionId: string; lastReadMessageId: string },
    ): Promise<void> {
      await api('POST', '/im/session/read', accessToken, {
        session_id: input.sessionId,
        last_read_message_id: input.lastReadMessageId,
      });
    },

    async getProducts(
      accessToken: string,
      input: { filter?: string | undefined; offset: number; limit: number },
    ): Promise<{ products: LazadaProduct[]; total: number }> {
      const d = await api('GET', '/products/get', accessToken, {
        filter: input.filter ?? 'live',
        offset: input.offset,
        limit: input.limit,
      });
      return { products: list(d.products).map(toLazadaProduct), total: num(d.total_products) };
    },

    getProductItem: async (accessToken: string, itemId: string): Promise<LazadaProduct> =>
      toLazadaProduct(await api('GET', '/product/item/get', accessToken, { item_id: itemId })),

    async getVouchers(
      accessToken: string,
      input: { voucherType: string; curPage: number; pageSize: number },
    ): Promise<{ vouchers: LazadaVoucher[]; total: number }> {
      const d = await api('GET', '/promotion/vouchers/get', accessToken, {
        voucher_type: input.voucherType,
        cur_page: input.curPage,
        page_size: input.pageSize,
      });
      return { vouchers: list(d.data_list).map(toLazadaVoucher), total: num(d.total) };
    },
  };
}

export type LazadaClient = ReturnType<typeof createLazadaClient>;
