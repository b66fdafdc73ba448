import type { FastifyInstance } from 'fastify';
import { photoById, photoPath, photos, stickerById, stickerPath, stickers } from '../chat/media.ts';
import { absoluteUrl, conversationWith, findOrder, findProduct, findShop } from '../data/lookup.ts';
import {
  type Message,
  type MessageBody,
  type OrderStatus,
  type Platform,
  platforms,
  type Shop,
} from '../data/types.ts';
import { isAuthorized } from '../grants.ts';
import { shopperPage } from '../pages/shopper-page.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { writeAsShopper } from '../shopper-send.ts';

/**
 * The shopper console and its small JSON API (unsigned: it is the sandbox's own UI). Message
 * content uses one set of keys for both platforms: text, sticker_id, url, item_id, order_sn.
 */

type Content = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const platformOf = (v: unknown): Platform => (v === 'lazada' ? 'lazada' : 'shopee');
const money = (n: number) => `RM${n.toFixed(2)}`;

/** The words the platforms' apps show a buyer. */
const shopperStatus: Record<OrderStatus, string> = {
  UNPAID: 'to pay',
  READY_TO_SHIP: 'to ship',
  SHIPPED: 'to receive',
  DELIVERED: 'delivered',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
  RETURN_REFUND: 'return/refund requested',
};

function bodyFrom(type: unknown, c: Content): MessageBody {
  switch (type) {
    case 'text':
      return { type: 'text', text: str(c.text) };
    case 'sticker':
      return { type: 'sticker', stickerId: str(c.sticker_id) };
    case 'image': {
      const photo = photoById(str(c.photo_id));
      if (photo) return { type: 'image', url: photoPath(photo), width: photo.width, height: photo.height };
      return { type: 'image', url: str(c.url), width: 640, height: 640 };
    }
    case 'item':
      return { type: 'item', itemId: str(c.item_id) };
    case 'order':
      return { type: 'order', orderSn: str(c.order_sn) };
    default:
      throw new Error('type must be text, sticker, image, item or order');
  }
}

function view(state: SandboxState, platform: Platform, shop: Shop, buyerId: string, m: Message) {
  const url = (path: string) => absoluteUrl(state.config.publicUrl, path);
  const b = m.body;
  const base = { id: m.id, from: m.from, type: b.type, at: m.at, source: m.source };
  switch (b.type) {
    case 'text':
      return { ...base, content: { text: b.text } };
    case 'sticker': {
      const s = stickerById(b.stickerId);
      return {
        ...base,
        content: { sticker_id: b.stickerId },
        card: { emoji: s?.emoji, url: s ? url(stickerPath(s)) : '' },
      };
    }
    case 'image':
      return {
        ...base,
        content: { url: url(b.url) },
        card: { url: url(b.url), width: b.width, height: b.height },
      };
    case 'item': {
      const p = findProduct(shop, b.itemId);
      return {
        ...base,
        content: { item_id: b.itemId },
        card: p
          ? { name: p.name, price: money(p.price), image: url(p.images[0] ?? '') }
          : { name: `Item ${b.itemId}` },
      };
    }
    case 'order': {
      // Only the buyer's own orders in this shop show their details.
      const o = findOrder(state.data[platform], shop.id, b.orderSn);
      return {
        ...base,
        content: { order_sn: b.orderSn },
        card:
          o && o.buyerId === buyerId
            ? { total: money(o.total), status: shopperStatus[o.status], items: o.lines.length }
            : {},
      };
    }
    case 'voucher': {
      const v = shop.vouchers.find((x) => x.id === b.voucherId);
      return {
        ...base,
        content: { voucher_id: b.voucherId },
        card: { code: v?.code ?? '', name: v?.name ?? '' },
      };
    }
    case 'follow':
      return { ...base, content: {} };
  }
}

export async function shopperRoutes(app: FastifyInstance, { state }: { state: SandboxState }) {
  const url = (path: string) => absoluteUrl(state.config.publicUrl, path);

  app.get('/', async (request, reply) => {
    const base = request.url.split('?')[0]!.replace(/\/shopper\/?$/, '');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(shopperPage(base));
  });

  app.get('/api/directory', async () => ({
    stickers: stickers.map((s) => ({ id: s.id, emoji: s.emoji, label: s.label, url: url(stickerPath(s)) })),
    photos: photos.map((p) => ({ id: p.id, caption: p.caption, url: url(photoPath(p)) })),
    platforms: platforms.map((platform) => {
      const p = state.data[platform];
      return {
        id: platform,
        name: platform === 'shopee' ? 'Shopee' : 'Lazada',
        shops: p.shops.map((s) => ({
          id: s.id,
          name: s.name,
          products: s.products
            .filter((x) => x.status === 'NORMAL')
            .map((x) => ({
              id: x.id,
              name: x.name,
              price: money(x.price),
              stock: x.stock,
              image: url(x.images[0] ?? ''),
            })),
        })),
        buyers: p.buyers.map((b) => ({ ...b, avatar: url(`assets/avatars/${b.id}.svg`) })),
        orders: p.orders.map((o) => ({
          sn: o.sn,
          shopId: o.shopId,
          buyerId: o.buyerId,
          total: money(o.total),
          status: shopperStatus[o.status],
          items: o.lines.map(
            (l) => findShop(p, o.shopId)?.products.find((x) => x.id === l.itemId)?.name ?? l.itemId,
          ),
        })),
      };
    }),
  }));

  app.get('/api/conversation', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const platform = platformOf(q.platform);
    const shop = findShop(state.data[platform], q.shop ?? '');
    if (!shop) return reply.status(404).send({ error: 'Unknown shop' });
    const c = conversationWith(state.data[platform], shop.id, q.buyer ?? '');
    return {
      conversationId: c?.id ?? null,
      authorized: isAuthorized(state, platform, shop.id),
      messages: (c?.messages ?? []).map((m) => view(state, platform, shop, c!.buyerId, m)),
    };
  });

  app.post('/api/send', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    const content = b.content && typeof b.content === 'object' ? (b.content as Content) : {};
    try {
      const { conversation, message, push } = writeAsShopper(state, {
        platform: platformOf(b.platform),
        shopId: str(b.shop),
        buyerId: str(b.buyer),
        body: bodyFrom(b.type, content),
      });
      return { ok: true, conversationId: conversation.id, messageId: message.id, pushed: push !== null };
    } catch (error) {
      return reply.status(400).send({ error: (error as Error).message });
    }
  });
}
