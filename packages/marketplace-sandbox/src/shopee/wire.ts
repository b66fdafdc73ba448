import { stickerById } from '../chat/media.ts';
import { absoluteUrl, buyerName, findShop, unreadByShop } from '../data/lookup.ts';
import type { Conversation, Message, MessageBody, Shop } from '../data/types.ts';
import { toRawJson } from '../raw-json.ts';
import type { SandboxState } from '../sandbox-state.ts';

/** Shopee's wire shapes for chat objects. Big ids are bigints so toRawJson writes them unquoted. */

const big = (id: string) => BigInt(id || 0);
const sec = (ms: number) => Math.floor(ms / 1000);

export function shopeeContent(state: SandboxState, shop: Shop, body: MessageBody): Record<string, unknown> {
  switch (body.type) {
    case 'text':
      return { text: body.text };
    case 'sticker':
      return { sticker_id: body.stickerId, sticker_package_id: stickerById(body.stickerId)?.packageId ?? '' };
    case 'image': {
      const url = absoluteUrl(state.config.publicUrl, body.url);
      return { url, thumb_url: url, thumb_height: body.height, thumb_width: body.width };
    }
    case 'item':
      return { item_id: Number(body.itemId), shop_id: Number(shop.id) };
    case 'order':
      return { order_sn: body.orderSn, shop_id: Number(shop.id) };
    case 'voucher':
      return { voucher_id: Number(body.voucherId), shop_id: Number(shop.id) };
    case 'follow':
      return {};
  }
}

function parties(shop: Shop, c: Conversation, m: Message) {
  const shopSide = { id: Number(shop.userId), shopId: Number(shop.id) };
  const buyerSide = { id: Number(c.buyerId), shopId: 0 };
  return m.from === 'shop' ? { from: shopSide, to: buyerSide } : { from: buyerSide, to: shopSide };
}

export function shopeeMessage(state: SandboxState, c: Conversation, m: Message) {
  const shop = findShop(state.data.shopee, c.shopId)!;
  const { from, to } = parties(shop, c, m);
  const content = shopeeContent(state, shop, m.body);
  return {
    message_id: big(m.id),
    message_type: m.body.type,
    from_id: from.id,
    from_shop_id: from.shopId,
    to_id: to.id,
    to_shop_id: to.shopId,
    conversation_id: big(c.id),
    created_timestamp: sec(m.at),
    region: shop.region,
    status: 'normal',
    source: m.source === 'openapi' ? 'openapi' : 'chat',
    content,
    message_option: 0,
    source_content:
      m.body.type === 'item'
        ? { item_id: content.item_id }
        : m.body.type === 'order'
          ? { order_sn: content.order_sn }
          : {},
  };
}

export function shopeeConversation(state: SandboxState, c: Conversation) {
  const shop = findShop(state.data.shopee, c.shopId)!;
  const last = c.messages.at(-1);
  return {
    conversation_id: big(c.id),
    to_id: Number(c.buyerId),
    to_name: buyerName(state.data.shopee, c),
    to_avatar: `${state.config.publicUrl}/assets/avatars/${c.buyerId}.svg`,
    shop_id: Number(c.shopId),
    unread_count: unreadByShop(c),
    pinned: c.pinned,
    last_read_message_id: big(c.shopReadUpTo),
    latest_message_id: big(last?.id ?? ''),
    latest_message_type: last?.body.type ?? '',
    latest_message_content: last ? shopeeContent(state, shop, last.body) : {},
    latest_message_from_id: last ? parties(shop, c, last).from.id : 0,
    // Message ids are nanosecond-based, so the latest id is also the conversation's cursor time.
    last_message_timestamp: big(last?.id ?? ''),
    last_message_option: 0,
    max_general_option_hide_time: '9223372036854775',
  };
}

/** A webchat push (code 10). As in Shopee's own pushes, the ids inside `content` are strings. */
export function shopeePushBody(state: SandboxState, c: Conversation, m: Message): string {
  const shop = findShop(state.data.shopee, c.shopId)!;
  const message = shopeeMessage(state, c, m);
  const shopName = shop.name;
  const buyer = buyerName(state.data.shopee, c);
  return toRawJson({
    msg_id: '',
    code: 10,
    shop_id: Number(shop.id),
    timestamp: sec(state.now()),
    data: {
      type: 'message',
      region: shop.region,
      content: {
        ...message,
        message_id: m.id,
        conversation_id: c.id,
        shop_id: Number(shop.id),
        from_user_name: m.from === 'shop' ? shopName : buyer,
        to_user_name: m.from === 'shop' ? buyer : shopName,
        is_in_chatbot_session: false,
        quoted_msg: { message_id: '' },
        sub_account_id: 0,
        sub_account_name: '',
      },
    },
  });
}
