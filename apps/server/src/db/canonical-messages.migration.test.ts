import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MessageContent, messageContent } from '@balas/contracts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLazada } from '../platforms/lazada/lazada.content.ts';
import type { NativeMessage } from '../platforms/platform.ts';
import { decodeShopee } from '../platforms/shopee/shopee.content.ts';
import { migrationsUpTo } from '../test/migrations.ts';

// Migration 0018 on a copy of stored data: a database migrated up to 0017 holds messages in every
// native shape we stored until now (the sandbox's and the platforms' pushes and histories, the
// composer's own, the website's); 0018 rewrites them in SQL. Each result must be valid canonical
// content, equal to what the adapter's decoder makes of the same native message, with the native
// content kept in `raw`.

type Channel = 'shopee' | 'lazada' | 'website';
const rows: {
  channel: Channel;
  type: string;
  content: Record<string, unknown>;
  expected?: MessageContent;
}[] = [
  // Shopee: the sandbox's shapes (marketplaces.md §1.6), pushes with ids as strings.
  {
    channel: 'shopee',
    type: 'text',
    content: { text: 'Ada saiz XL?' },
    expected: { kind: 'text', text: 'Ada saiz XL?' },
  },
  {
    channel: 'shopee',
    type: 'text',
    content: { text: 'Order shipped', notification_for_receiver: true },
    expected: { kind: 'text', text: 'Order shipped', notice: true },
  },
  {
    channel: 'shopee',
    type: 'sticker',
    content: { sticker_id: '1-1', sticker_package_id: '1' },
    expected: { kind: 'sticker', stickerId: '1-1', packageId: '1' },
  },
  {
    channel: 'shopee',
    type: 'image',
    content: { url: 'https://x/a.jpg', thumb_url: 'https://x/a.jpg', thumb_width: 640, thumb_height: 480.4 },
    expected: { kind: 'image', url: 'https://x/a.jpg', thumbUrl: 'https://x/a.jpg', width: 640, height: 480 },
  },
  {
    channel: 'shopee',
    type: 'item',
    content: { item_id: 123456789012345, shop_id: 1 },
    expected: { kind: 'product', products: [{ id: '123456789012345' }] },
  },
  { channel: 'shopee', type: 'item', content: { item_id: '900001', shop_id: '1' } },
  {
    channel: 'shopee',
    type: 'order',
    content: { order_sn: '2403150ABCDEF', shop_id: 1 },
    expected: { kind: 'order', orderId: '2403150ABCDEF' },
  },
  {
    channel: 'shopee',
    type: 'voucher',
    content: { voucher_id: 777, voucher_code: 'RAYA10' },
    expected: { kind: 'voucher', voucherId: '777', code: 'RAYA10' },
  },
  { channel: 'shopee', type: 'voucher', content: { voucher_id: 777, shop_id: 1 } },
  {
    channel: 'shopee',
    type: 'video',
    content: { video_url: 'https://x/v.mp4', thumb_url: 'https://x/v.jpg' },
    expected: { kind: 'video', url: 'https://x/v.mp4', thumbUrl: 'https://x/v.jpg' },
  },
  {
    channel: 'shopee',
    type: 'product_list',
    content: { chat_product_infos: [{ item_id: 11 }, { item_id: '12' }, 'x', { name: 'no id' }] },
    expected: { kind: 'product', products: [{ id: '11' }, { id: '12' }], suggested: true },
  },
  {
    channel: 'shopee',
    type: 'faq_unsupported',
    content: { faq_id: 5, messages: ['How to return?', 3, 'Within 7 days'] },
    expected: { kind: 'link', faqId: '5', text: 'How to return?\nWithin 7 days' },
  },
  { channel: 'shopee', type: 'follow', content: {}, expected: { kind: 'other', label: 'follow' } },
  { channel: 'shopee', type: '', content: { width: 0 } },
  // The composer's picture as it was stored (our address, before Shopee's copy), and its order card.
  {
    channel: 'shopee',
    type: 'image',
    content: {
      url: 'https://b/i/1.png',
      thumb_url: 'https://b/i/1.png',
      thumb_width: 300,
      thumb_height: 200,
      image_id: 'img-1',
    },
    expected: {
      kind: 'image',
      url: 'https://b/i/1.png',
      thumbUrl: 'https://b/i/1.png',
      width: 300,
      height: 200,
      imageId: 'img-1',
    },
  },
  // Lazada: parsed JSON content by template id; text that was not an object; content that was not JSON.
  {
    channel: 'lazada',
    type: '1',
    content: { txt: 'berapa harga?' },
    expected: { kind: 'text', text: 'berapa harga?' },
  },
  { channel: 'lazada', type: '4', content: { txt: '😀' }, expected: { kind: 'sticker', emoji: '😀' } },
  {
    channel: 'lazada',
    type: '3',
    content: { imgUrl: 'https://l/p.jpg', width: 800, height: 600, image_id: 'img-2' },
    expected: { kind: 'image', url: 'https://l/p.jpg', width: 800, height: 600, imageId: 'img-2' },
  },
  {
    channel: 'lazada',
    type: '10006',
    content: {
      itemId: '3001',
      title: 'Baju Kurung',
      iconUrl: 'https://l/b.jpg',
      price: 'RM89.00',
      actionUrl: 'https://l/i3001',
    },
    expected: {
      kind: 'product',
      products: [{ id: '3001', name: 'Baju Kurung', price: 'RM89.00', image: 'https://l/b.jpg' }],
    },
  },
  { channel: 'lazada', type: '10006', content: { item_id: 3002, suggested: true } },
  {
    channel: 'lazada',
    type: '10007',
    content: { orderId: '51234' },
    expected: { kind: 'order', orderId: '51234' },
  },
  { channel: 'lazada', type: '10007', content: { order_id: 51235, itemId: '1' } },
  {
    channel: 'lazada',
    type: '10008',
    content: { promotionId: '9001' },
    expected: { kind: 'voucher', voucherId: '9001' },
  },
  { channel: 'lazada', type: '10010', content: {}, expected: { kind: 'other', label: '10010' } },
  { channel: 'lazada', type: '20001', content: { title: 'Visit our store', actionUrl: 'https://l/s' } },
  { channel: 'lazada', type: '1', content: { txt: '42' } },
  {
    channel: 'lazada',
    type: '1',
    content: { raw: '{not json' },
    expected: { kind: 'other', label: 'unreadable', unreadable: true },
  },
  // The website's own rows until now: Shopee's field names, its product card carrying what it shows.
  { channel: 'website', type: 'text', content: { text: 'Hello' }, expected: { kind: 'text', text: 'Hello' } },
  {
    channel: 'website',
    type: 'item',
    content: { item_id: 'p-1', name: 'Tudung', price: '25.00', currency: 'MYR', image: null },
    expected: { kind: 'product', products: [{ id: 'p-1', name: 'Tudung', price: '25.00', currency: 'MYR' }] },
  },
  {
    channel: 'website',
    type: 'image',
    content: { url: 'https://b/i/2.png', thumb_width: 10, thumb_height: 20, image_id: 'img-3' },
    expected: { kind: 'image', url: 'https://b/i/2.png', width: 10, height: 20, imageId: 'img-3' },
  },
];

const decode = (channel: Channel, native: NativeMessage) =>
  channel === 'lazada' ? decodeLazada(native) : decodeShopee(native);

let client: PGlite;
let dir: string;
let migrated: { channel: Channel; type: string; content: unknown; raw: unknown }[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'm0018-'));
  client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsUpTo(dir, 17) });
  const merchant = await client.query<{ id: string }>(
    `insert into merchants (name, email, password_hash) values ('M', 'm@example.com', 'x') returning id`,
  );
  const shopIds = new Map<Channel, { shop: string; conversation: string }>();
  for (const channel of ['shopee', 'lazada', 'website'] as const) {
    const shop = await client.query<{ id: string }>(
      `insert into shops (merchant_id, provider, name, person_name, person_email, person_phone, config)
       values ($1, $2, 'Shop', 'P', 'p@example.com', '1', '{}') returning id`,
      [merchant.rows[0]!.id, channel],
    );
    const conversation = await client.query<{ id: string }>(
      `insert into conversations (shop_id, external_id) values ($1, 'c1') returning id`,
      [shop.rows[0]!.id],
    );
    shopIds.set(channel, { shop: shop.rows[0]!.id, conversation: conversation.rows[0]!.id });
  }
  for (const [i, r] of rows.entries()) {
    const ids = shopIds.get(r.channel)!;
    await client.query(
      `insert into messages (shop_id, conversation_id, external_id, sender, type, content, sent_at)
       values ($1, $2, $3, 'customer', $4, $5, now() + $6 * interval '1 second')`,
      [ids.shop, ids.conversation, String(i), r.type, JSON.stringify(r.content), i],
    );
  }
  await migrate(db, { migrationsFolder: migrationsUpTo(dir, 18) });
  const result = await client.query<{ provider: Channel; type: string; content: unknown; raw: unknown }>(
    `select s.provider, m.type, m.content, m.raw from messages m join shops s on s.id = m.shop_id
     order by m.external_id::int`,
  );
  migrated = result.rows.map((r) => ({ channel: r.provider, type: r.type, content: r.content, raw: r.raw }));
});

afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0018: stored messages become canonical', () => {
  it('rewrites every row, keeping its native content in raw and its type', () => {
    expect(migrated).toHaveLength(rows.length);
    migrated.forEach((m, i) => {
      expect(m.type).toBe(rows[i]!.type);
      expect(m.raw).toEqual(rows[i]!.content);
      expect(messageContent.safeParse(m.content).success, JSON.stringify(m.content)).toBe(true);
    });
  });

  it('gives what each adapter decodes from the same native message', () => {
    migrated.forEach((m, i) => {
      const r = rows[i]!;
      expect(m.content, `${r.channel} ${r.type} ${JSON.stringify(r.content)}`).toEqual(
        decode(r.channel, { type: r.type, content: r.content }),
      );
    });
  });

  it('reads each native shape as the spec means it', () => {
    migrated.forEach((m, i) => {
      if (rows[i]!.expected) expect(m.content).toEqual(rows[i]!.expected);
    });
  });
});
