import { MarketplaceError } from './errors.ts';
import { call, type Transport, type TransportOptions, transport } from './http.ts';
import { jsonWithNumericIds } from './json.ts';
import { shopeeSign } from './sign.ts';

export interface ShopeeConfig {
  partnerId: number;
  partnerKey: string;
  /** e.g. https://partner.shopeemobile.com, or a sandbox with a path prefix. */
  baseUrl: string;
}

export interface ShopeeAuth {
  accessToken: string;
  shopId: string;
}

export interface ShopeeTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  shopId: string;
}

type Json = Record<string, unknown>;
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Shopee's `expire_in` is seconds; its doc sample shows a timestamp, so a huge value is read as one. */
export function shopeeExpiry(expireIn: number, nowMs: number): Date {
  if (expireIn > 1e9) return new Date(expireIn * 1000);
  return new Date(nowMs + expireIn * 1000);
}

const checkShopee = (body: unknown, status: number) => {
  const b = body as { error?: unknown; message?: unknown; request_id?: unknown } | null;
  if (b && typeof b.error === 'string' && b.error !== '') {
    return new MarketplaceError('shopee', b.error, s(b.message), {
      requestId: s(b.request_id),
      httpStatus: status,
    });
  }
  return null;
};

export function createShopeeClient(config: ShopeeConfig, options: TransportOptions | typeof fetch = {}) {
  const t: Transport = transport(typeof options === 'function' ? { fetch: options } : options);
  const base = config.baseUrl.replace(/\/+$/, '');
  const seconds = () => Math.floor(t.now() / 1000);

  const publicCall = <T>(path: string, body: Json) =>
    call<T>(
      'shopee',
      t,
      () => {
        const timestamp = seconds();
        const sign = shopeeSign(config.partnerKey, config.partnerId, path, timestamp);
        const q = new URLSearchParams({
          partner_id: String(config.partnerId),
          timestamp: String(timestamp),
          sign,
        });
        return {
          url: `${base}${path}?${q}`,
          init: {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: jsonWithNumericIds(body, ['shop_id']),
          },
        };
      },
      checkShopee,
    );

  const shopCall = <T>(
    auth: ShopeeAuth,
    method: 'GET' | 'POST',
    path: string,
    params: Json = {},
    numericIds: string[] = [],
  ) =>
    call<{ response?: T }>(
      'shopee',
      t,
      () => {
        const timestamp = seconds();
        const sign = shopeeSign(
          config.partnerKey,
          config.partnerId,
          path,
          timestamp,
          auth.accessToken,
          auth.shopId,
        );
        const q = new URLSearchParams({
          partner_id: String(config.partnerId),
          timestamp: String(timestamp),
          access_token: auth.accessToken,
          shop_id: auth.shopId,
          sign,
        });
        if (method === 'GET') {
          for (const [k, v] of Object.entries(params)) {
            if (v === undefined || v === null || v === '') continue;
            for (const item of Array.isArray(v) ? v : [v]) q.append(k, String(item));
          }
          return { url: `${base}${path}?${q}`, init: { method } };
        }
        return {
          url: `${base}${path}?${q}`,
          init: {
            method,
            headers: { 'content-type': 'application/json' },
            body: jsonWithNumericIds(params, numericIds),
          },
        };
      },
      checkShopee,
    ).then((b) => (b.response ?? {}) as T);

  const tokens = (b: Json, shopId: string): ShopeeTokens => ({
    accessToken: s(b.access_token),
    refreshToken: s(b.refresh_token),
    expiresAt: shopeeExpiry(Number(b.expire_in ?? 14_400), t.now()),
    shopId: s(b.shop_id) || shopId,
  });

  return {
    /** Where the seller approves the app; Shopee then redirects to `redirect?code=...&shop_id=...`. */
    authorizationUrl(redirect: string): string {
      const path = '/api/v2/shop/auth_partner';
      const timestamp = seconds();
      const sign = shopeeSign(config.partnerKey, config.partnerId, path, timestamp);
      const q = new URLSearchParams({
        partner_id: String(config.partnerId),
        timestamp: String(timestamp),
        sign,
        redirect,
      });
      return `${base}${path}?${q}`;
    },

    async getAccessToken(input: { code: string; shopId: string }): Promise<ShopeeTokens> {
      const b = await publicCall<Json>('/api/v2/auth/token/get', {
        code: input.code,
        partner_id: config.partnerId,
        shop_id: input.shopId,
      });
      return tokens(b, input.shopId);
    },

    /** Refresh tokens are single use: store the new one this returns. */
    async refreshAccessToken(input: { refreshToken: string; shopId: string }): Promise<ShopeeTokens> {
      const b = await publicCall<Json>('/api/v2/auth/access_token/get', {
        refresh_token: input.refreshToken,
        partner_id: config.partnerId,
        shop_id: input.shopId,
      });
      return tokens(b, input.shopId);
    },

    getShopInfo: (auth: ShopeeAuth) => shopCall<Json>(auth, 'GET', '/api/v2/shop/get_shop_info'),

    async getConversationList(
      auth: ShopeeAuth,
      input: {
        direction: 'older' | 'latest';
        type: 'all' | 'unread' | 'pinned';
        pageSize: number;
        nextTimestampNano?: string;
      },
    ) {
      const r = await shopCall<{
        conversations?: Json[];
        page_result?: { more?: boolean; next_cursor?: Json };
      }>(auth, 'GET', '/api/v2/sellerchat/get_conversation_list', {
        direction: input.direction,
        type: input.type,
        page_size: input.pageSize,
        next_timestamp_nano: input.nextTimestampNano,
      });
      return {
        conversations: (r.conversations ?? []).map((c) => ({
          conversationId: s(c.conversation_id),
          toId: s(c.to_id),
          toName: s(c.to_name),
          unreadCount: Number(c.unread_count ?? 0),
          latestMessageId: s(c.latest_message_id),
          latestText: s((c.latest_message_content as Json | undefined)?.text),
          lastMessageTimestamp: s(c.last_message_timestamp),
        })),
        more: Boolean(r.page_result?.more),
        nextTimestampNano: s(r.page_result?.next_cursor?.next_message_time_nano),
      };
    },

    async getMessages(
      auth: ShopeeAuth,
      input: { conversationId: string; offset?: string; pageSize: number },
    ) {
      const r = await shopCall<{ messages?: Json[]; page_result?: { next_offset?: unknown } }>(
        auth,
        'GET',
        '/api/v2/sellerchat/get_message',
        { conversation_id: input.conversationId, offset: input.offset, page_size: input.pageSize },
      );
      return { messages: (r.messages ?? []).map(toShopeeMessage), nextOffset: s(r.page_result?.next_offset) };
    },

    async sendMessage(auth: ShopeeAuth, input: { toId: string; messageType: string; content: Json }) {
      const r = await shopCall<Json>(
        auth,
        'POST',
        '/api/v2/sellerchat/send_message',
        { to_id: input.toId, message_type: input.messageType, content: input.content },
        ['to_id'],
      );
      return {
        messageId: s(r.message_id),
        conversationId: s(r.conversation_id),
        createdTimestamp: Number(r.created_timestamp ?? 0),
      };
    },

    readConversation: (auth: ShopeeAuth, input: { conversationId: string; lastReadMessageId: string }) =>
      shopCall<Json>(
        auth,
        'POST',
        '/api/v2/sellerchat/read_conversation',
        { conversation_id: input.conversationId, last_read_message_id: input.lastReadMessageId },
        ['conversation_id', 'last_read_message_id'],
      ),

    async getItemList(auth: ShopeeAuth, input: { offset: number; pageSize: number }) {
      const r = await shopCall<{ item?: Json[]; has_next_page?: boolean; next_offset?: number }>(
        auth,
        'GET',
        '/api/v2/product/get_item_list',
        { offset: input.offset, page_size: input.pageSize, item_status: 'NORMAL' },
      );
      return {
        itemIds: (r.item ?? []).map((i) => s(i.item_id)),
        hasNextPage: Boolean(r.has_next_page),
        nextOffset: Number(r.next_offset ?? 0),
      };
    },

    async getItemBaseInfo(auth: ShopeeAuth, itemIds: string[]) {
      const r = await shopCall<{ item_list?: Json[] }>(auth, 'GET', '/api/v2/product/get_item_base_info', {
        item_id_list: itemIds.join(','),
      });
      return (r.item_list ?? []).map((i) => {
        const price = (i.price_info as Json[] | undefined)?.[0];
        const stock = (i.stock_info_v2 as { summary_info?: Json } | undefined)?.summary_info;
        return {
          itemId: s(i.item_id),
          name: s(i.item_name),
          description: s(i.description),
          price: price ? Number(price.current_price ?? price.original_price) : null,
          currency: price ? s(price.currency) : null,
          stock: stock ? Number(stock.total_available_stock ?? 0) : null,
          images: ((i.image as { image_url_list?: string[] } | undefined)?.image_url_list ?? []).map(String),
          updateTime: Number(i.update_time ?? 0),
        };
      });
    },

    async searchItem(auth: ShopeeAuth, input: { itemName: string; pageSize: number; offset?: string }) {
      const r = await shopCall<{ item_id_list?: unknown[]; next_offset?: unknown }>(
        auth,
        'GET',
        '/api/v2/product/search_item',
        {
          item_name: input.itemName,
          page_size: input.pageSize,
          offset: input.offset,
        },
      );
      return { itemIds: (r.item_id_list ?? []).map(s), nextOffset: s(r.next_offset) };
    },

    async getVoucherList(
      auth: ShopeeAuth,
      input: { status: 'upcoming' | 'ongoing' | 'expired' | 'all'; pageNo: number; pageSize: number },
    ) {
      const r = await shopCall<{ voucher_list?: Json[]; more?: boolean }>(
        auth,
        'GET',
        '/api/v2/voucher/get_voucher_list',
        {
          status: input.status,
          page_no: input.pageNo,
          page_size: input.pageSize,
        },
      );
      return {
        vouchers: (r.voucher_list ?? []).map((v) => ({
          voucherId: s(v.voucher_id),
          code: s(v.voucher_code),
          name: s(v.voucher_name),
          discountAmount: v.discount_amount === undefined ? null : Number(v.discount_amount),
          percentage: v.percentage === undefined ? null : Number(v.percentage),
          endTime: Number(v.end_time ?? 0),
        })),
        more: Boolean(r.more),
      };
    },

    getLostPushMessage: (auth: ShopeeAuth) =>
      shopCall<{ push_message_list?: Json[]; has_next_page?: boolean; last_message_id?: unknown }>(
        auth,
        'GET',
        '/api/v2/push/get_lost_push_message',
      ),
  };
}

export type ShopeeClient = ReturnType<typeof createShopeeClient>;

export interface ShopeeMessage {
  messageId: string;
  conversationId: string;
  fromId: string;
  toId: string;
  fromShopId: string;
  toShopId: string;
  messageType: string;
  content: Record<string, unknown>;
  createdTimestamp: number;
  source: string;
}

export function toShopeeMessage(m: Json): ShopeeMessage {
  let content = m.content;
  if (typeof content === 'string') {
    try {
      content = JSON.parse(content);
    } catch {
      content = { text: content };
    }
  }
  return {
    messageId: s(m.message_id),
    conversationId: s(m.conversation_id),
    fromId: s(m.from_id),
    toId: s(m.to_id),
    fromShopId: s(m.from_shop_id),
    toShopId: s(m.to_shop_id),
    messageType: s(m.message_type) || 'text',
    content: (content && typeof content === 'object' ? content : {}) as Record<string, unknown>,
    createdTimestamp: Number(m.created_timestamp ?? 0),
    source: s(m.source),
  };
}
