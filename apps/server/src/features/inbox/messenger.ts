import { randomUUID } from 'node:crypto';
import type { MarketplaceClients } from '../shops/connectors.ts';
import type { ShopRow } from '../shops/shop-guard.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import type { ConversationRow } from './inbox.serialize.ts';
import type { Messenger, OutgoingMessage } from './reply.service.ts';

/** Sends a shop-side message through the shop's platform (website chats are ours: no platform). */
export function createMessenger(clients: MarketplaceClients, shops: ShopsService): Messenger {
  return {
    async send(shop: ShopRow, conversation: ConversationRow, message: OutgoingMessage) {
      if (shop.provider === 'website') return { externalId: randomUUID() };
      const { accessToken, externalId } = await shops.accessToken(shop);
      if (shop.provider === 'shopee') {
        const sent = await clients.shopee.sendMessage(
          { accessToken, shopId: externalId },
          { toId: conversation.customerId, messageType: message.type, content: message.content },
        );
        return { externalId: sent.messageId };
      }
      const sent = await clients.lazada.sendMessage(accessToken, {
        sessionId: conversation.externalId,
        templateId: Number(message.type) || 1,
        ...lazadaFields(message.content),
      });
      return { externalId: sent.messageId };
    },
  };
}

function lazadaFields(content: Record<string, unknown>) {
  const pick = (k: string) => (typeof content[k] === 'string' ? (content[k] as string) : undefined);
  return {
    txt: pick('txt') ?? pick('text'),
    itemId: pick('itemId'),
    orderId: pick('orderId'),
    promotionId: pick('promotionId'),
  };
}
