import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface SandboxMessage {
  id: string;
  /** 'buyer' wrote it, or 'shop' (the seller, through the API). */
  from: 'buyer' | 'shop';
  type: string;
  content: Record<string, unknown>;
  at: number;
}

export interface SandboxConversation {
  id: string;
  shopId: string;
  buyerId: string;
  buyerName: string;
  messages: SandboxMessage[];
  readUpTo: string;
}

export interface SandboxProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  stock: number;
  image: string;
}

export interface SandboxShop {
  id: string;
  name: string;
  products: SandboxProduct[];
  vouchers: { id: string; code: string; name: string; discount: number; endTime: number }[];
}

export interface Grant {
  shopId: string;
  expiresAt: number;
}

export interface PlatformState {
  shops: SandboxShop[];
  buyers: { id: string; name: string }[];
  conversations: SandboxConversation[];
  codes: Record<string, Grant & { used: boolean }>;
  accessTokens: Record<string, Grant>;
  refreshTokens: Record<string, Grant & { used: boolean }>;
  /** Shops that authorized our app: only they receive pushes. */
  authorized: string[];
  lostPushes: { id: string; shopId: string; body: string }[];
}

export interface SandboxState {
  shopee: PlatformState;
  lazada: PlatformState;
}

export const bigId = () =>
  `7${BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString()
    .padStart(18, '0')
    .slice(0, 18)}`;
export const token = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

const catalogue: [string, string, number][] = [
  ['Cotton Baby Romper 0-3M', 'Soft 100% cotton romper with snap buttons. Machine wash at 30°C.', 29.9],
  ['Bamboo Swaddle Blanket', 'Breathable bamboo muslin, 120 x 120 cm. Gets softer with every wash.', 45.0],
  ['Wooden Busy Board', 'Montessori activity board with latches and switches. For ages 3 and up.', 119.0],
  ['Silicone Feeding Set', 'Suction plate, bowl and spoon. BPA free, dishwasher safe.', 59.9],
  ['Baby Car Seat (0-4 years)', 'ISOFIX car seat, rear facing up to 15 months, ECE R129 certified.', 689.0],
  ['Lightweight Stroller', 'Folds with one hand, 6.5 kg, reclines fully for newborns.', 799.0],
  ['Nursing Pillow', 'Cotton cover, removable and washable. Supports baby while feeding.', 79.0],
  ['Baby Bath Tub', 'Foldable tub with temperature sensor plug.', 89.0],
  ['Organic Baby Lotion 200ml', 'Fragrance free, for sensitive skin. Made in Malaysia.', 32.5],
  ['Teething Ring Set', 'Food-grade silicone, 3 pieces, can be chilled in the fridge.', 19.9],
  ['Diaper Bag Backpack', 'Water resistant, 12 pockets, insulated bottle holder.', 139.0],
  ['Night Light Projector', 'Stars projector with white noise and 30-minute timer.', 69.0],
];

function seedPlatform(prefix: string, names: [string, string][]): PlatformState {
  const shops = names.map(([id, name], n) => ({
    id,
    name,
    products: catalogue.map(([product, description, price], i) => ({
      id: `${id.slice(-3)}${String(1000 + i)}`,
      name: product,
      description,
      price: Math.round(price * (n === 0 ? 1 : 1.05) * 100) / 100,
      stock: 5 + ((i * 7) % 40),
      image: `assets/product-${i % 6}.svg`,
    })),
    vouchers: [
      {
        id: `${prefix}v1${n}`,
        code: 'COMEL10',
        name: '10% off first order',
        discount: 10,
        endTime: Date.now() / 1000 + 86_400 * 60,
      },
      {
        id: `${prefix}v2${n}`,
        code: 'FREESHIP',
        name: 'Free shipping above RM120',
        discount: 0,
        endTime: Date.now() / 1000 + 86_400 * 30,
      },
    ],
  }));
  const buyers = [
    { id: `${prefix === 'shopee' ? '' : '1'}880011`, name: 'Nur Aisyah' },
    { id: `${prefix === 'shopee' ? '' : '1'}880022`, name: 'Tan Mei Ling' },
    { id: `${prefix === 'shopee' ? '' : '1'}880033`, name: 'Rajesh Kumar' },
  ];
  const conversations: SandboxConversation[] = shops.map((shop, i) => {
    const buyer = buyers[i % buyers.length]!;
    const at = Date.now() - 3600_000 * (i + 2);
    return {
      id: prefix === 'shopee' ? bigId() : `${shop.id}_2_${buyer.id}_1_${100 + i}`,
      shopId: shop.id,
      buyerId: buyer.id,
      buyerName: buyer.name,
      readUpTo: '',
      messages: [
        {
          id: prefix === 'shopee' ? bigId() : token('m'),
          from: 'buyer',
          type: 'text',
          content: { text: 'Hi, is the romper still available?' },
          at,
        },
        {
          id: prefix === 'shopee' ? bigId() : token('m'),
          from: 'shop',
          type: 'text',
          content: { text: 'Yes, all sizes are in stock.' },
          at: at + 60_000,
        },
      ],
    };
  });
  return {
    shops,
    buyers,
    conversations,
    codes: {},
    accessTokens: {},
    refreshTokens: {},
    authorized: [],
    lostPushes: [],
  };
}

export function seedState(): SandboxState {
  return {
    shopee: seedPlatform('shopee', [
      ['947042923', 'Kedai Bayi Comel (Shopee)'],
      ['947042987', 'Little Steps MY (Shopee)'],
    ]),
    lazada: seedPlatform('lazada', [
      ['100094063', 'Kedai Bayi Comel (Lazada)'],
      ['100094071', 'Little Steps MY (Lazada)'],
    ]),
  };
}

/** State in memory, written to `path` (debounced, atomic rename) when a path is given. */
export function createStore(path: string | undefined) {
  const state: SandboxState =
    path && existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as SandboxState) : seedState();
  let timer: NodeJS.Timeout | undefined;
  return {
    state,
    save() {
      if (!path || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        writeFileSync(`${path}.tmp`, JSON.stringify(state));
        renameSync(`${path}.tmp`, path);
      }, 300);
      timer.unref();
    },
  };
}

export type Store = ReturnType<typeof createStore>;
