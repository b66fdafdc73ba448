import type { FastifyInstance } from 'fastify';
import { invalidBody, postMessage } from '../chat/conversations.ts';
import { stickerByEmoji, stickerById } from '../chat/media.ts';
import { byLatestMessage, findConversation } from '../data/lookup.ts';
import type { MessageBody, Shop } from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { intParam, invalid, type LazadaCall, lazadaRoute, type Params, required } from './lazada-call.ts';
import { lazadaMessage, lazadaSession } from './wire.ts';

/** What a seller sends, read from the template id and its fields. */
function sentBody(params: Params): MessageBody {
  const template = Number(required(params, 'template_id'));
  switch (template) {
    case 1:
      return { type: 'text', text: required(params, 'txt') };
    case 3: {
      const width = Number(params.width) || 640;
      const height = Number(params.height) || 640;
      return { type: 'image', url: required(params, 'img_url'), width, height };
    }
    case 4: {
      const txt = required(params, 'txt');
      const sticker = stickerByEmoji(txt) ?? stickerById(txt);
      if (!sticker) throw invalid('txt is not an emoji of this store');
      return { type: 'sticker', stickerId: sticker.id };
    }
    case 10006:
      return { type: 'item', itemId: required(params, 'item_id') };
    case 10007:
      return { type: 'order', orderSn: required(params, 'order_id') };
    case 10008:
      return { type: 'voucher', voucherId: required(params, 'promotion_id') };
    case 10010:
      return { type: 'follow' };
    default:
      throw invalid('template_id is not supported');
  }
}

/**
 * Keyset pages, newest first: entries at or before `start_time`, after `lastId` when it is in the
 * list (entries sharing a time are told apart by id).
 */
function pageOf<T>(
  items: T[],
  at: (x: T) => number,
  id: (x: T) => string,
  params: Params,
  cursorKey: 'last_session_id' | 'last_message_id',
) {
  const start = Number(required(params, 'start_time'));
  if (!Number.isFinite(start)) throw invalid('start_time must be milliseconds');
  required(params, 'page_size');
  const size = intParam(params, 'page_size', 20, 1, 100);
  let older = items.filter((x) => at(x) <= start);
  const lastId = params[cursorKey];
  const after = lastId ? older.findIndex((x) => id(x) === lastId) : -1;
  if (after >= 0) older = older.slice(after + 1);
  const page = older.slice(0, size);
  const last = page.at(-1);
  return {
    page,
    hasMore: older.length > page.length,
    nextStart: last ? at(last) : start,
    lastId: last ? id(last) : '',
  };
}

export function lazadaImRoutes(app: FastifyInstance, state: SandboxState) {
  const route = (path: `/rest/${string}`, handler: (call: LazadaCall, shop: Shop) => unknown) =>
    lazadaRoute(app, state, {
      path,
      needsToken: true,
      handler: (call) => ({ data: handler(call, call.shop!) }),
    });

  const session = (shop: Shop, params: Params) => {
    const c = findConversation(state.data.lazada, shop.id, required(params, 'session_id'));
    if (!c) throw invalid('session_id does not exist');
    return c;
  };

  route('/rest/im/session/list', ({ params }, shop) => {
    const sessions = state.data.lazada.conversations
      .filter((c) => c.shopId === shop.id && c.messages.length > 0)
      .sort(byLatestMessage);
    const r = pageOf(
      sessions,
      (c) => c.messages.at(-1)!.at,
      (c) => c.id,
      params,
      'last_session_id',
    );
    return {
      session_list: r.page.map((c) => lazadaSession(state, c)),
      has_more: r.hasMore,
      next_start_time: r.nextStart,
      last_session_id: r.lastId,
    };
  });

  route('/rest/im/session/get', ({ params }, shop) => lazadaSession(state, session(shop, params)));

  route('/rest/im/message/list', ({ params }, shop) => {
    const c = session(shop, params);
    const r = pageOf(
      [...c.messages].reverse(),
      (m) => m.at,
      (m) => m.id,
      params,
      'last_message_id',
    );
    return {
      message_list: r.page.map((m) => lazadaMessage(state, c, m)),
      has_more: r.hasMore,
      next_start_time: r.nextStart,
      last_message_id: r.lastId,
    };
  });

  route('/rest/im/message/send', ({ params }, shop) => {
    const c = session(shop, params);
    const body = sentBody(params);
    const problem = invalidBody(state, 'lazada', shop.id, body);
    if (problem) throw invalid(problem);
    const { message } = postMessage(state, 'lazada', c, 'shop', body, 'openapi');
    return { message_id: message.id, template_id: Number(params.template_id), current_time: message.at };
  });

  route('/rest/im/session/read', ({ params }, shop) => {
    const c = session(shop, params);
    const messageId = required(params, 'last_read_message_id');
    if (!c.messages.some((m) => m.id === messageId))
      throw invalid('last_read_message_id is not in this session');
    c.shopReadUpTo = messageId;
    state.save();
    return {};
  });
}
