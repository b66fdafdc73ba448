import { conversationWith, findBuyer, findProduct, findShop } from '../data/lookup.ts';
import type { Conversation, Message, MessageBody, Platform } from '../data/types.ts';
import { bigDecimalId, nextMessageId } from '../ids.ts';
import type { PushTicket } from '../push/dispatcher.ts';
import { pushMessage } from '../push/message-pushes.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { stickerById } from './media.ts';

export const MAX_TEXT_LENGTH = 2000;

/** The conversation between a shop and a buyer, started when it does not exist yet. */
export function openConversation(
  state: SandboxState,
  platform: Platform,
  shopId: string,
  buyerId: string,
): Conversation {
  const p = state.data[platform];
  const existing = conversationWith(p, shopId, buyerId);
  if (existing) return existing;
  const conversation: Conversation = {
    id: platform === 'shopee' ? bigDecimalId() : `${shopId}_2_${buyerId}_1_${p.nextSessionSeq++}`,
    shopId,
    buyerId,
    messages: [],
    shopReadUpTo: '',
    pinned: false,
  };
  p.conversations.push(conversation);
  return conversation;
}

/** Why a message cannot be sent in this shop, or null when it can. */
export function invalidBody(state: SandboxState, platform: Platform, shopId: string, body: MessageBody) {
  const shop = findShop(state.data[platform], shopId);
  if (!shop) return 'unknown shop';
  switch (body.type) {
    case 'text':
      if (!body.text.trim()) return 'text is empty';
      return body.text.length > MAX_TEXT_LENGTH ? `text is longer than ${MAX_TEXT_LENGTH} characters` : null;
    case 'sticker':
      return stickerById(body.stickerId) ? null : `unknown sticker ${body.stickerId}`;
    case 'image':
      return /^(https?:\/\/|assets\/)/.test(body.url) ? null : 'image url must be http(s)';
    case 'item':
      return findProduct(shop, body.itemId) ? null : `item ${body.itemId} is not in this shop`;
    case 'order':
      return body.orderSn ? null : 'order number is empty';
    case 'voucher':
      return shop.vouchers.some((v) => v.id === body.voucherId) ? null : `unknown voucher ${body.voucherId}`;
    case 'follow':
      return null;
  }
}

/** Appends a message and pushes it to our webhook. A shop that writes has read the conversation. */
export function postMessage(
  state: SandboxState,
  platform: Platform,
  conversation: Conversation,
  from: Message['from'],
  body: MessageBody,
  source: Message['source'],
): { message: Message; push: PushTicket | null } {
  const now = state.now();
  const id = nextMessageId(now, state.data.lastMessageId);
  state.data.lastMessageId = id;
  const message: Message = { id, from, body, at: now, source };
  conversation.messages.push(message);
  if (from === 'shop') conversation.shopReadUpTo = id;
  state.save();
  return { message, push: pushMessage(state, platform, conversation, message) };
}

export const buyerExists = (state: SandboxState, platform: Platform, buyerId: string) =>
  findBuyer(state.data[platform], buyerId) !== undefined;
