import { randomUUID } from 'node:crypto';
import { type ChatImage, chatImageIdPattern, chatImageTypesOf } from '@balas/contracts';
import type { ShopRow } from '../../../db/schema.ts';
import type { Storage } from '../../../platform/storage.ts';
import { type SniffedImage, sniffImage } from './image-sniff.ts';

/** A stored chat picture that is not there (removed, or an id of another shop). */
export class ChatImageGone extends Error {
  constructor(imageId: string) {
    super(`chat image ${imageId} is not stored`);
    this.name = 'ChatImageGone';
  }
}

const mimeOf: Record<SniffedImage['ext'], string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * Pictures the merchant sends in chats, kept in the storage the knowledge files use, under
 * `chat-images/{shopId}/{uuid}.{ext}`. They are served publicly at an unguessable address, because
 * Lazada and the website widget show them from there (Shopee gets a copy through its upload).
 */
export function createChatImages(storage: Storage, publicUrl: string) {
  const key = (shopId: string, imageId: string) => `chat-images/${shopId}/${imageId}`;
  const urlOf = (shopId: string, imageId: string) => `${publicUrl}/api/chat-images/${shopId}/${imageId}`;

  return {
    urlOf,

    /** Sniffs and stores; null when the bytes are not a picture this shop's channel takes. */
    async save(shop: Pick<ShopRow, 'id' | 'provider'>, data: Buffer): Promise<ChatImage | null> {
      const sniffed = sniffImage(data);
      if (!sniffed || !chatImageTypesOf(shop.provider).includes(sniffed.type)) return null;
      const imageId = `${randomUUID()}.${sniffed.ext}`;
      await storage.put(key(shop.id, imageId), data);
      return {
        imageId,
        url: urlOf(shop.id, imageId),
        width: sniffed.width,
        height: sniffed.height,
        type: sniffed.type,
        bytes: data.length,
      };
    },

    /** The stored picture's bytes and what they are; ChatImageGone when it is not stored. */
    async read(shopId: string, imageId: string) {
      if (!chatImageIdPattern.test(imageId)) throw new ChatImageGone(imageId);
      let data: Buffer;
      try {
        data = await storage.readBuffer(key(shopId, imageId));
      } catch {
        throw new ChatImageGone(imageId);
      }
      const sniffed = sniffImage(data);
      if (!sniffed) throw new ChatImageGone(imageId);
      return { data, mime: mimeOf[sniffed.ext], width: sniffed.width, height: sniffed.height, imageId };
    },
  };
}

export type ChatImages = ReturnType<typeof createChatImages>;
