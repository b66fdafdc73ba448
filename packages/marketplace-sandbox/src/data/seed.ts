import { bigDecimalId, nextMessageId } from '../ids.ts';
import { babyCatalogue, batikCatalogue, dapurCatalogue, type ProductSeed } from './catalogues.ts';
import { seedChats } from './seed-chats.ts';
import { buildOrders } from './seed-orders.ts';
import {
  type Buyer,
  type Conversation,
  DATA_VERSION,
  type Message,
  type Model,
  type Platform,
  type PlatformData,
  type Product,
  type SandboxData,
  type Shop,
  type Voucher,
} from './types.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

interface ShopSeed {
  id: string;
  userId: string;
  name: string;
  catalogue: ProductSeed[];
  firstItemId: number;
  priceFactor: number;
  voucherPrefix: string;
}

const shopSeeds: Record<Platform, ShopSeed[]> = {
  shopee: [
    {
      id: '947042923',
      userId: '947151379',
      name: 'Kedai Bayi Comel (Shopee)',
      catalogue: babyCatalogue,
      firstItemId: 23_001_001_01,
      priceFactor: 1,
      voucherPrefix: 'COMEL',
    },
    {
      id: '947042987',
      userId: '947151402',
      name: 'Batik Lane KL (Shopee)',
      catalogue: batikCatalogue,
      firstItemId: 23_002_001_01,
      priceFactor: 1,
      voucherPrefix: 'BATIK',
    },
  ],
  lazada: [
    {
      id: '100094063',
      userId: '500094063',
      name: 'Kedai Bayi Comel (Lazada)',
      catalogue: babyCatalogue,
      firstItemId: 30_012_345_01,
      priceFactor: 1.05,
      voucherPrefix: 'COMEL',
    },
    {
      id: '100094071',
      userId: '500094071',
      name: 'Dapur Mak Teh (Lazada)',
      catalogue: dapurCatalogue,
      firstItemId: 30_012_567_01,
      priceFactor: 1,
      voucherPrefix: 'MAKTEH',
    },
  ],
};

const buyerSeeds: Record<Platform, Buyer[]> = {
  shopee: [
    { id: '880011', name: 'Nur Aisyah' },
    { id: '880022', name: 'Tan Mei Ling' },
    { id: '880033', name: 'Rajesh Kumar' },
    { id: '880044', name: 'Siti Rahmah' },
  ],
  lazada: [
    { id: '1880011', name: 'Nur Aisyah' },
    { id: '1880022', name: 'Wong Kah Wai' },
    { id: '1880033', name: 'Priya Devi' },
    { id: '1880044', name: 'Ahmad Faiz' },
  ],
};

function cartesian(tiers: number[]): number[][] {
  return tiers.reduce<number[][]>(
    (combos, size) => combos.flatMap((c) => Array.from({ length: size }, (_, i) => [...c, i])),
    [[]],
  );
}

function buildProduct(
  seed: ProductSeed,
  itemId: string,
  index: number,
  shop: ShopSeed,
  now: number,
): Product {
  const price = (n: number) => round2(n * shop.priceFactor);
  const variations = seed.variations ?? [];
  const combos = variations.length ? cartesian(variations.map((v) => v.options.length)) : [];
  const perModel = combos.length ? Math.floor(seed.stock / combos.length) : 0;
  const models: Model[] = combos.map((tierIndex, j) => ({
    id: `${itemId}${String(j + 1).padStart(2, '0')}`,
    tierIndex,
    sku: `${shop.voucherPrefix}-${index + 1}-${tierIndex.map((t, k) => variations[k]?.options[t]).join('-')}`
      .replace(/[^\w-]+/g, '')
      .toUpperCase(),
    price: price(seed.price + (seed.priceStep ?? 0) * (tierIndex[0] ?? 0)),
    // The last of many combinations is sold out, as in any real shop.
    stock: combos.length >= 4 && j === combos.length - 1 ? 0 : perModel,
  }));
  const lowest = models.length ? Math.min(...models.map((m) => m.price)) : price(seed.price);
  return {
    id: itemId,
    sku: `${shop.voucherPrefix}-${String(index + 1).padStart(3, '0')}`,
    name: seed.name,
    description: seed.description,
    categoryId: 100_600 + index,
    brand: seed.brand ?? 'NoBrand',
    emoji: seed.emoji,
    price: lowest,
    originalPrice: seed.originalPrice ? price(seed.originalPrice) : lowest,
    stock: models.length ? models.reduce((n, m) => n + m.stock, 0) : seed.stock,
    weightKg: round2(0.2 + (index % 5) * 0.35),
    images: [`assets/products/${itemId}.svg`, `assets/products/${itemId}-1.svg`],
    status: seed.unlisted ? 'UNLIST' : 'NORMAL',
    variations: variations.map((v) => ({ name: v.name, options: [...v.options] })),
    models,
    createdAt: now - (90 - index * 3) * DAY,
    updatedAt: now - (index % 7) * DAY,
  };
}

function buildVouchers(shop: ShopSeed, now: number, idBase: number): Voucher[] {
  const sec = (ms: number) => Math.floor(ms / 1000);
  const base = { usageQuantity: 500, maxPrice: 0, percentage: 0, discountAmount: 0 };
  return [
    {
      ...base,
      id: String(idBase + 1),
      code: `${shop.voucherPrefix}5`,
      name: 'RM5 off, min. spend RM50',
      rewardType: 'fixed',
      discountAmount: 5,
      minBasketPrice: 50,
      currentUsage: 132,
      startTime: sec(now - 10 * DAY),
      endTime: sec(now + 20 * DAY),
    },
    {
      ...base,
      id: String(idBase + 2),
      code: `${shop.voucherPrefix}10`,
      name: '10% off, capped at RM15',
      rewardType: 'percentage',
      percentage: 10,
      maxPrice: 15,
      minBasketPrice: 80,
      currentUsage: 57,
      startTime: sec(now - 3 * DAY),
      endTime: sec(now + 27 * DAY),
    },
    {
      ...base,
      id: String(idBase + 3),
      code: 'MERDEKA31',
      name: 'Merdeka Sale: RM31 off, min. spend RM200',
      rewardType: 'fixed',
      discountAmount: 31,
      minBasketPrice: 200,
      currentUsage: 0,
      startTime: sec(now + 14 * DAY),
      endTime: sec(now + 21 * DAY),
    },
    {
      ...base,
      id: String(idBase + 4),
      code: 'RAYA20',
      name: 'Raya 20% off, capped at RM30',
      rewardType: 'percentage',
      percentage: 20,
      maxPrice: 30,
      minBasketPrice: 100,
      currentUsage: 500,
      startTime: sec(now - 60 * DAY),
      endTime: sec(now - 30 * DAY),
    },
  ];
}

function seedPlatform(platform: Platform, now: number): PlatformData {
  let idBase = platform === 'shopee' ? 395_841_407_827_900 : 2_024_081_500;
  const shops: Shop[] = shopSeeds[platform].map((seed) => {
    idBase += 100;
    return {
      id: seed.id,
      userId: seed.userId,
      name: seed.name,
      region: 'MY',
      products: seed.catalogue.map((p, i) => buildProduct(p, String(seed.firstItemId + i), i, seed, now)),
      vouchers: buildVouchers(seed, now, idBase),
    };
  });
  const buyers = buyerSeeds[platform].map((b) => ({ ...b }));
  return {
    shops,
    buyers,
    orders: shops.flatMap((shop) => buildOrders(platform, shop, buyers, now)),
    conversations: [],
    codes: {},
    accessTokens: {},
    refreshTokens: {},
    authorizations: {},
    lostPushes: [],
    nextLostPushId: 176_600,
    nextSessionSeq: 101,
  };
}

/** Fresh demo data: shops, catalogues, vouchers, buyers, orders and a few recent conversations. */
export function seedData(now: number): SandboxData {
  const data: SandboxData = {
    version: DATA_VERSION,
    lastMessageId: '',
    shopee: seedPlatform('shopee', now),
    lazada: seedPlatform('lazada', now),
  };
  const pending: Message[] = [];
  const read: Conversation[] = [];
  for (const platform of ['shopee', 'lazada'] as const) {
    const p = data[platform];
    for (const s of seedChats(platform, p)) {
      const conversation: Conversation = {
        id: platform === 'shopee' ? bigDecimalId() : `${s.shopId}_2_${s.buyerId}_1_${p.nextSessionSeq++}`,
        shopId: s.shopId,
        buyerId: s.buyerId,
        messages: s.lines.map(([ago, from, body]) => ({
          id: '',
          from,
          body,
          at: now - ago * MINUTE,
          source: 'seed',
        })),
        shopReadUpTo: '',
        pinned: false,
      };
      pending.push(...conversation.messages);
      p.conversations.push(conversation);
      if (s.read) read.push(conversation);
    }
  }
  // Ids follow time across all conversations, as the platforms' ids do.
  for (const m of pending.sort((x, y) => x.at - y.at)) {
    m.id = nextMessageId(m.at, data.lastMessageId);
    data.lastMessageId = m.id;
  }
  for (const c of read) c.shopReadUpTo = c.messages.at(-1)!.id;
  return data;
}
