import type { FastifyInstance } from 'fastify';
import { invalidBody, openConversation, postMessage } from '../chat/conversations.ts';
import { stickerById } from '../chat/media.ts';
import { type FilePart, keepUpload, pictureType } from '../chat/uploads.ts';
import { byLatestMessage, findBuyer, findConversation, unreadByShop } from '../data/lookup.ts';
import type { Conversation, MessageBody, Shop } from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';
import {
  first,
  idParam,
  intParam,
  type Json,
  notFound,
  paramError,
  type ShopeeCall,
  shopeeRoute,
} from './shopee-call.ts';
import { shopeeContent, shopeeConversation, shopeeMessage } from './wire.ts';

const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

const lastId = (c: Conversation) => BigInt(c.messages.at(-1)?.id || 0);

/** The message a shop sends, read from send_message's `message_type` and `content`. */
function sentBody(type: unknown, content: Json): MessageBody {
  const str = (key: string) => (typeof content[key] === 'string' ? (content[key] as string) : undefined);
  switch (type) {
    case 'text': {
      const text = str('text');
      if (text === undefined) throw paramError('content.text is required for a text message');
      return { type: 'text', text };
    }
    case 'sticker': {
      const id = content.sticker_id === undefined ? undefined : String(content.sticker_id);
      const sticker = id ? stickerById(id) : undefined;
      if (!sticker || String(content.sticker_package_id ?? '') !== sticker.packageId)
        throw paramError('content.sticker_id and content.sticker_package_id must name a sticker');
      return { type: 'sticker', stickerId: sticker.id };
    }
    case 'image': {
      const url = str('image_url');
      if (!url) throw paramError('content.image_url is required for an image message');
      return { type: 'image', url, width: 640, height: 640 };
    }
    case 'item':
      return { type: 'item', itemId: idParam(content.item_id, 'content.item_id') };
    case 'order': {
      const sn = str('order_sn');
      if (!sn) throw paramError('content.order_sn is required for an order message');
      return { type: 'order', orderSn: sn };
    }
    case 'voucher': {
      // Received vouchers carry voucher_id (and voucher_code); a shop sends one by its id.
      return { type: 'voucher', voucherId: idParam(content.voucher_id, 'content.voucher_id') };
    }
    default:
      throw paramError('message_type must be one of text, sticker, image, item, order, voucher');
  }
}

function conversationParam(state: SandboxState, shop: Shop, value: unknown) {
  if (value === undefined || value === '') throw paramError('conversation_id is required');
  const c = findConversation(state.data.shopee, shop.id, idParam(value, 'conversation_id'));
  if (!c) throw notFound();
  return c;
}

export function shopeeChatRoutes(app: FastifyInstance, state: SandboxState) {
  const route = (method: 'GET' | 'POST', name: string, handler: (call: ShopeeCall, shop: Shop) => unknown) =>
    shopeeRoute(app, state, {
      method,
      path: `/api/v2/sellerchat/${name}`,
      level: 'shop',
      handler: (call) => ({ response: handler(call, call.shop!) }),
    });

  route('GET', 'get_conversation_list', ({ query }, shop) => {
    const direction = first(query, 'direction');
    const type = first(query, 'type');
    if (direction !== 'older' && direction !== 'latest')
      throw paramError('direction must be older or latest');
    if (type !== 'all' && type !== 'pinned' && type !== 'unread')
      throw paramError('type must be all, pinned or unread');
    const size = intParam(first(query, 'page_size'), 'page_size', 25, 1, 100);
    const cursorText = first(query, 'next_timestamp_nano');
    if (cursorText && !/^\d+$/.test(cursorText)) throw paramError('next_timestamp_nano is invalid');
    const cursor = cursorText && cursorText !== '0' ? BigInt(cursorText) : undefined;
    const all = state.data.shopee.conversations
      .filter((c) => c.shopId === shop.id && c.messages.length > 0)
      .filter((c) => type === 'all' || (type === 'unread' ? unreadByShop(c) > 0 : c.pinned))
      .sort(byLatestMessage);
    // older: newest first, before the cursor; latest: oldest first, after the cursor.
    const ordered = direction === 'older' ? all : all.reverse();
    const remaining =
      cursor === undefined
        ? ordered
        : ordered.filter((c) => (direction === 'older' ? lastId(c) < cursor : lastId(c) > cursor));
    const page = remaining.slice(0, size);
    const last = page.at(-1);
    return {
      conversations: page.map((c) => shopeeConversation(state, c)),
      page_result: {
        page_size: page.length,
        more: remaining.length > page.length,
        next_cursor: {
          next_message_time_nano: last ? String(lastId(last)) : '',
          conversation_id: last?.id ?? '',
        },
      },
    };
  });

  route('GET', 'get_one_conversation', ({ query }, shop) =>
    shopeeConversation(state, conversationParam(state, shop, first(query, 'conversation_id'))),
  );

  route('GET', 'get_message', ({ query }, shop) => {
    const c = conversationParam(state, shop, first(query, 'conversation_id'));
    const size = intParam(first(query, 'page_size'), 'page_size', 25, 1, 100);
    const offset = first(query, 'offset') ?? '';
    if (offset && !/^\d+$/.test(offset)) throw paramError('offset is invalid');
    const newestFirst = [...c.messages].reverse();
    const older = offset ? newestFirst.filter((m) => BigInt(m.id) < BigInt(offset)) : newestFirst;
    const page = older.slice(0, size);
    return {
      messages: page.map((m) => shopeeMessage(state, c, m)),
      page_result: {
        page_size: page.length,
        next_offset: older.length > page.length ? page.at(-1)!.id : '',
      },
    };
  });

  route('POST', 'send_message', ({ body }, shop) => {
    if (body.to_id === undefined) throw paramError('to_id is required');
    if (!body.message_type) throw paramError('message_type is required');
    if (!body.content || typeof body.content !== 'object') throw paramError('content is required');
    const toId = idParam(body.to_id, 'to_id');
    if (!findBuyer(state.data.shopee, toId)) throw paramError('to_id is not a user of this region');
    const message = sentBody(body.message_type, body.content as Json);
    const invalid = invalidBody(state, 'shopee', shop.id, message);
    if (invalid) throw paramError(invalid);
    const c = openConversation(state, 'shopee', shop.id, toId);
    const { message: m } = postMessage(state, 'shopee', c, 'shop', message, 'openapi');
    return {
      to_id: Number(toId),
      message_id: BigInt(m.id),
      message_type: m.body.type,
      content: shopeeContent(state, shop, m.body),
      conversation_id: BigInt(c.id),
      created_timestamp: Math.floor(m.at / 1000),
      region: shop.region,
      message_option: 0,
    };
  });

  // Pictures for image messages: jpg/jpeg/png/gif up to 2 MB (marketplaces.md §1.6).
  route('POST', 'upload_image', ({ body }) => {
    const files = Array.isArray(body.files) ? (body.files as FilePart[]) : [];
    const file = files.find((f) => f.name === 'file');
    if (!file) throw paramError('file is required');
    if (file.data.length > UPLOAD_MAX_BYTES) throw paramError('the image is larger than 2 MB');
    const type = pictureType(file.data);
    if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/gif')
      throw paramError('the image must be jpg, jpeg, png or gif');
    const id = keepUpload(state, { data: file.data, type });
    const url = `${state.config.publicUrl}/shopee/file/${id}`;
    return { url, thumbnail: url, url_hash: id, file_server_id: 0, thumb_width: 0, thumb_height: 0 };
  });

  route('POST', 'read_conversation', ({ body }, shop) => {
    const c = conversationParam(state, shop, body.conversation_id);
    if (body.last_read_message_id === undefined) throw paramError('last_read_message_id is required');
    const messageId = idParam(body.last_read_message_id, 'last_read_message_id');
    if (!c.messages.some((m) => m.id === messageId))
      throw paramError('last_read_message_id is not in this conversation');
    c.shopReadUpTo = messageId;
    state.save();
    return {};
  });
}
