import { jsonInt, stringifyJson } from './big-json.ts';
import { MarketplaceError } from './errors.ts';
import { readShopeePush, type ShopeePush } from './push.ts';
import { shopeeOrderCalls } from './shopee-orders.ts';
import {
  jsonObject,
  parseShopeeConversation,
  parseShopeeMessage,
  type ShopeeConversation,
  type ShopeeItem,
  type ShopeeMessage,
  type ShopeeModel,
  type ShopeeSentMessage,
  type ShopeeShopInfo,
  type ShopeeTokens,
  type ShopeeVoucher,
  toShopeeItem,
  toShopeeModel,
  toShopeeSentMessage,
  toShopeeShopInfo,
  toShopeeTokens,
  toShopeeVoucher,
} from './shopee-wire.ts';
import { shopeeSign } from './sign.ts';
import { callPlatform, createTransport, type TransportOptions, trimBase } from './transport.ts';
import { bool, type Json, list, num, obj, str, strList } from './wire-values.ts';

export interface ShopeeClientOptions extends TransportOptions {
  partnerId: number | string;
  partnerKey: string;
  /** Host plus any prefix, e.g. https://partner.shopeemobile.com or http://localhost:3000/sandbox/shopee. */
  baseUrl: string;
}

/** What a shop-level call is signed with. */
export interface ShopeeAuth {
  accessToken: string;
  shopId: string;
}

type QueryValue = string | number | boolean | readonly string[] | undefined;

const checkShopee = (b: Json, httpStatus: number) =>
  typeof b.error === 'string' && b.error !== ''
    ? new MarketplaceError({
        platform: 'shopee',
        code: b.error,
        message: str(b.message),
        requestId: str(b.request_id),
        httpStatus,
      })
    : null;

/**
 * A Shopee Open Platform v2 client. The signed path is always the platform path (/api/v2/...),
 * whatever prefix `baseUrl` carries. `fetch` may also be given alone as the second argument.
 */
export function createShopeeClient(options: ShopeeClientOptions, fetchImpl?: typeof fetch) {
  const t = createTransport(fetchImpl ? { ...options, fetch: fetchImpl } : options);
  // Some SDKs configure the host with /api/v2 included; the paths below carry it already.
  const base = trimBase(options.baseUrl).replace(/\/api\/v2$/, '');
  const partnerId = String(options.partnerId);

  function signedUrl(path: string, auth: ShopeeAuth | undefined, extra: Record<string, QueryValue> = {}) {
    const timestamp = Math.floor(t.now() / 1000);
    const sign = shopeeSign(options.partnerKey, { partnerId, path, timestamp, ...auth });
    const q = new URLSearchParams({ partner_id: partnerId, timestamp: String(timestamp) });
    if (auth) {
      q.set('access_token', auth.accessToken);
      q.set('shop_id', auth.shopId);
    }
    q.set('sign', sign);
    for (const [key, value] of Object.entries(extra)) {
      if (value === undefined || value === '') continue;
      for (const v of typeof value === 'object' ? value : [value]) q.append(key, String(v));
    }
    return `${base}${path}?${q}`;
  }

  /** GET with business params in the query, or POST with them as a JSON body. */
  const call = (
    auth: ShopeeAuth | undefined,
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, unknown> = {},
    idempotent = true,
  ) =>
    callPlatform(t, {
      platform: 'shopee',
      check: checkShopee,
      idempotent,
      build: () =>
        method === 'GET'
          ? { url: signedUrl(path, auth, params as Record<string, QueryValue>), init: { method } }
          : {
              url: signedUrl(path, auth),
              init: { method, headers: { 'content-type': 'application/json' }, body: stringifyJson(params) },
            },
    });

  const shopGet = async (auth: ShopeeAuth, path: string, query: Record<string, QueryValue> = {}) =>
    obj((await call(auth, 'GET', path, query)).response);

  const shopPost = async (auth: ShopeeAuth, path: string, body: Record<string, unknown>, idempotent = true) =>
    obj((await call(auth, 'POST', path, body, idempotent)).response);

  return {
    ...shopeeOrderCalls(shopGet),

    /** Where the seller approves the app; Shopee then redirects to `redirect?code=…&shop_id=…`. */
    authorizationUrl: (redirect: string): string =>
      signedUrl('/api/v2/shop/auth_partner', undefined, { redirect }),

    async getAccessToken(input: { code: string; shopId: string }): Promise<ShopeeTokens> {
      const body = { code: input.code, partner_id: jsonInt(partnerId), shop_id: jsonInt(input.shopId) };
      const b = await call(undefined, 'POST', '/api/v2/auth/token/get', body);
      return toShopeeTokens(b, input.shopId, t.now());
    },

    /** Refresh tokens are single use: store the new one this returns. */
    async refreshAccessToken(input: { refreshToken: string; shopId: string }): Promise<ShopeeTokens> {
      const body = {
        refresh_token: input.refreshToken,
        partner_id: jsonInt(partnerId),
        shop_id: jsonInt(input.shopId),
      };
      const b = await call(undefined, 'POST', '/api/v2/auth/access_token/get', body);
      return toShopeeTokens(b, input.shopId, t.now());
    },

    /** This one answers at the top level, not under `response`. */
    getShopInfo: async (auth: ShopeeAuth): Promise<ShopeeShopInfo> =>
      toShopeeShopInfo(await call(auth, 'GET', '/api/v2/shop/get_shop_info')),

    async getConversationList(
      auth: ShopeeAuth,
      input: {
        direction: 'latest' | 'older';
        type: 'all' | 'pinned' | 'unread';
        pageSize: number;
        nextTimestampNano?: string | undefined;
      },
    ): Promise<{ conversations: ShopeeConversation[]; more: boolean; nextTimestampNano: string }> {
      const r = await shopGet(auth, '/api/v2/sellerchat/get_conversation_list', {
        direction: input.direction,
        type: input.type,
        page_size: input.pageSize,
        next_timestamp_nano: input.nextTimestampNano,
      });
      const page = obj(r.page_result);
      return {
        conversations: list(r.conversations).map(parseShopeeConversation),
        more: bool(page.more),
        nextTimestampNano: str(obj(page.next_cursor).next_message_time_nano),
      };
    },

    getOneConversation: async (auth: ShopeeAuth, conversationId: string): Promise<ShopeeConversation> =>
      parseShopeeConversation(
        await shopGet(auth, '/api/v2/sellerchat/get_one_conversation', { conversation_id: conversationId }),
      ),

    async getMessages(
      auth: ShopeeAuth,
      input: { conversationId: string; offset?: string | undefined; pageSize: number },
    ): Promise<{ messages: ShopeeMessage[]; nextOffset: string }> {
      const r = await shopGet(auth, '/api/v2/sellerchat/get_message', {
        conversation_id: input.conversationId,
        offset: input.offset,
        page_size: input.pageSize,
      });
      return {
        messages: list(r.messages).map(parseShopeeMessage),
        nextOffset: str(obj(r.page_result).next_offset),
      };
    },

    /** Never retried after a failure that may have reached Shopee, so a buyer never gets it twice. */
    sendMessage: async (
      auth: ShopeeAuth,
      input: { toId: string; messageType: string; content: Record<string, unknown> },
    ): Promise<ShopeeSentMessage> =>
      toShopeeSentMessage(
        await shopPost(
          auth,
          '/api/v2/sellerchat/send_message',
          { to_id: jsonInt(input.toId), message_type: input.messageType, content: input.content },
          false,
        ),
      ),

    /**
     * Uploads a chat picture (JPEG, PNG or GIF, at most 2 MB per marketplaces.md §1.6); an image
     * message is then sent with the `url` this answers as its `image_url`. Nothing reaches the buyer
     * here, so a failed upload may be tried again.
     */
    async uploadImage(
      auth: ShopeeAuth,
      input: { data: Uint8Array; fileName: string; mime: string },
    ): Promise<{ url: string; thumbnail: string; width: number; height: number }> {
      const path = '/api/v2/sellerchat/upload_image';
      const b = await callPlatform(t, {
        platform: 'shopee',
        check: checkShopee,
        idempotent: true,
        build: () => {
          const form = new FormData();
          // A copy on an ArrayBuffer of its own (a Node Buffer may share a pooled one).
          form.append('file', new Blob([new Uint8Array(input.data)], { type: input.mime }), input.fileName);
          return { url: signedUrl(path, auth), init: { method: 'POST', body: form } };
        },
      });
      const r = obj(b.response);
      return {
        url: str(r.url),
        thumbnail: str(r.thumbnail),
        width: num(r.thumb_width),
        height: num(r.thumb_height),
      };
    },

    async readConversation(
      auth: ShopeeAuth,
      input: { conversationId: string; lastReadMessageId: string },
    ): Promise<void> {
      await shopPost(auth, '/api/v2/sellerchat/read_conversation', {
        conversation_id: jsonInt(input.conversationId),
        last_read_message_id: jsonInt(input.lastReadMessageId),
      });
    },

    async getItemList(
      auth: ShopeeAuth,
      input: { offset: number; pageSize: number; itemStatus?: readonly string[] },
    ): Promise<{ itemIds: string[]; totalCount: number; hasNextPage: boolean; nextOffset: number }> {
      const r = await shopGet(auth, '/api/v2/product/get_item_list', {
        offset: input.offset,
        page_size: input.pageSize,
        item_status: input.itemStatus ?? ['NORMAL'],
      });
      return {
        itemIds: list(r.item).map((i) => str(i.item_id)),
        totalCount: num(r.total_count),
        hasNextPage: bool(r.has_next_page),
        nextOffset: num(r.next_offset),
      };
    },

    /** At most 50 ids per call. */
    getItemBaseInfo: async (auth: ShopeeAuth, itemIds: readonly string[]): Promise<ShopeeItem[]> =>
      list(
        (await shopGet(auth, '/api/v2/product/get_item_base_info', { item_id_list: itemIds.join(',') }))
          .item_list,
      ).map(toShopeeItem),

    async searchItem(
      auth: ShopeeAuth,
      input: { itemName: string; pageSize: number; offset?: string | undefined },
    ): Promise<{ itemIds: string[]; totalCount: number; nextOffset: string }> {
      const r = await shopGet(auth, '/api/v2/product/search_item', {
        item_name: input.itemName,
        page_size: input.pageSize,
        offset: input.offset,
      });
      return {
        itemIds: strList(r.item_id_list),
        totalCount: num(r.total_count),
        nextOffset: str(r.next_offset),
      };
    },

    async getModelList(
      auth: ShopeeAuth,
      itemId: string,
    ): Promise<{ tierVariations: { name: string; options: string[] }[]; models: ShopeeModel[] }> {
      const r = await shopGet(auth, '/api/v2/product/get_model_list', { item_id: itemId });
      return {
        tierVariations: list(r.tier_variation).map((v) => ({
          name: str(v.name),
          options: list(v.option_list).map((o) => str(o.option)),
        })),
        models: list(r.model).map(toShopeeModel),
      };
    },

    async getVoucherList(
      auth: ShopeeAuth,
      input: { status: 'upcoming' | 'ongoing' | 'expired' | 'all'; pageNo: number; pageSize: number },
    ): Promise<{ vouchers: ShopeeVoucher[]; more: boolean }> {
      const r = await shopGet(auth, '/api/v2/voucher/get_voucher_list', {
        status: input.status,
        page_no: input.pageNo,
        page_size: input.pageSize,
      });
      return { vouchers: list(r.voucher_list).map(toShopeeVoucher), more: bool(r.more) };
    },

    /** Partner-level (public signature): pushes not delivered in the last 3 days, 100 at a time. */
    async getLostPushMessage(): Promise<{
      pushes: ShopeePush[];
      hasNextPage: boolean;
      lastMessageId: string;
    }> {
      const r = obj((await call(undefined, 'GET', '/api/v2/push/get_lost_push_message')).response);
      return {
        pushes: list(r.push_message_list).map(toLostPush),
        hasNextPage: bool(r.has_next_page),
        lastMessageId: str(r.last_message_id),
      };
    },

    async confirmConsumedLostPushMessage(lastMessageId: string): Promise<void> {
      await call(undefined, 'POST', '/api/v2/push/confirm_consumed_lost_push_message', {
        last_message_id: jsonInt(lastMessageId),
      });
    },
  };
}

export type ShopeeClient = ReturnType<typeof createShopeeClient>;

/** A lost push's `data` is the whole original push body, as JSON text (doc sample) or an object. */
function toLostPush(p: Json): ShopeePush {
  const data = jsonObject(p.data);
  const body = 'code' in data ? data : { code: p.code, shop_id: p.shop_id, timestamp: p.timestamp, data };
  return readShopeePush(body);
}
