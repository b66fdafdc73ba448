import { buyerExists, invalidBody, openConversation, postMessage } from './chat/conversations.ts';
import { findShop } from './data/lookup.ts';
import type { MessageBody, Platform } from './data/types.ts';
import type { SandboxState } from './sandbox-state.ts';

export interface ShopperSendInput {
  platform: Platform;
  shopId: string | number;
  buyerId: string | number;
  /** A text message; or give `body` for a sticker, image, product card or order card. */
  text?: string;
  body?: MessageBody;
}

export interface ShopperSendResult {
  conversationId: string;
  messageId: string;
  /**
   * delivered: our webhook acknowledged the push; retrying: the first attempt failed (retries and
   * then Shopee's lost-push list follow); none: nothing pushed (shop not authorized, no webhook).
   */
  push: 'delivered' | 'retrying' | 'none';
}

/** A demo buyer writes to a shop, as from the shopper console. Throws on an unknown shop or buyer. */
export function writeAsShopper(state: SandboxState, input: ShopperSendInput) {
  const shopId = String(input.shopId);
  const buyerId = String(input.buyerId);
  const body: MessageBody | undefined =
    input.body ?? (input.text !== undefined ? { type: 'text', text: input.text } : undefined);
  if (!body) throw new Error('shopperSend: give text or body');
  if (!findShop(state.data[input.platform], shopId))
    throw new Error(`Unknown ${input.platform} shop ${shopId}`);
  if (!buyerExists(state, input.platform, buyerId))
    throw new Error(`Unknown ${input.platform} buyer ${buyerId}`);
  const invalid = invalidBody(state, input.platform, shopId, body);
  if (invalid) throw new Error(`shopperSend: ${invalid}`);
  const conversation = openConversation(state, input.platform, shopId, buyerId);
  const { message, push } = postMessage(state, input.platform, conversation, 'buyer', body, 'shopper');
  return { conversation, message, push };
}

/** Like writeAsShopper, resolving once the push's first delivery attempt is over. */
export async function shopperSend(state: SandboxState, input: ShopperSendInput): Promise<ShopperSendResult> {
  const { conversation, message, push } = writeAsShopper(state, input);
  const delivered = push ? await push.first : undefined;
  return {
    conversationId: conversation.id,
    messageId: message.id,
    push: delivered === undefined ? 'none' : delivered ? 'delivered' : 'retrying',
  };
}
