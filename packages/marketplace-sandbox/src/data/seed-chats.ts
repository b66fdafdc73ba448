import { photoById, photoPath } from '../chat/media.ts';
import type { Message, MessageBody, Platform, PlatformData } from './types.ts';

type Line = [minutesAgo: number, from: Message['from'], body: MessageBody];
export interface Script {
  shopId: string;
  buyerId: string;
  read: boolean;
  lines: Line[];
}

/** The demo conversations of each platform, with how long ago each line was written. */
export function seedChats(platform: Platform, data: PlatformData): Script[] {
  const item = (shopId: string, n: number) => data.shops.find((s) => s.id === shopId)!.products[n]!.id;
  /** The buyer's order waiting to be shipped, or their first one. */
  const order = (shopId: string, buyerId: string) => {
    const theirs = data.orders.filter((o) => o.shopId === shopId && o.buyerId === buyerId);
    return (theirs.find((o) => o.status === 'READY_TO_SHIP') ?? theirs[0]!).sn;
  };
  const photo = photoById('size-chart')!;
  const image: MessageBody = {
    type: 'image',
    url: photoPath(photo),
    width: photo.width,
    height: photo.height,
  };
  const [a, b] = data.shops.map((s) => s.id) as [string, string];
  const [u1, u2, , u4] = data.buyers.map((x) => x.id) as [string, string, string, string];
  const text = (t: string): MessageBody => ({ type: 'text', text: t });
  if (platform === 'shopee') {
    return [
      {
        shopId: a,
        buyerId: u1,
        read: true,
        lines: [
          [185, 'buyer', text('Hi, is the romper still available in 3-6M?')],
          [184, 'buyer', { type: 'item', itemId: item(a, 0) }],
          [170, 'shop', text('Hi Aisyah! Yes, 3-6M is in stock in both Mint and Peach 😊')],
          [166, 'buyer', text("Ok thank you, I'll order now")],
        ],
      },
      {
        shopId: a,
        buyerId: u2,
        read: false,
        lines: [
          [41, 'buyer', { type: 'order', orderSn: order(a, u2) }],
          [40, 'buyer', text('Hello, when will my order be shipped? I need it before Saturday.')],
        ],
      },
      {
        shopId: b,
        buyerId: u4,
        read: true,
        lines: [
          [310, 'buyer', text('Assalamualaikum, baju kurung moden size M ada warna maroon?')],
          [300, 'shop', text('Waalaikumsalam sis, ada! Maroon size M masih ada stok.')],
          [298, 'buyer', { type: 'sticker', stickerId: '1002' }],
        ],
      },
      {
        shopId: b,
        buyerId: u2,
        read: false,
        lines: [
          [25, 'buyer', image],
          [24, 'buyer', text('Can you tell me which size fits me from this chart? Chest 96cm.')],
        ],
      },
    ];
  }
  return [
    {
      shopId: a,
      buyerId: u1,
      read: true,
      lines: [
        [240, 'buyer', text('Hi, does the car seat fit a Perodua Myvi?')],
        [238, 'buyer', { type: 'item', itemId: item(a, 4) }],
        [220, 'shop', text('Hi! Yes, it fits any car with ISOFIX points, including the Myvi.')],
      ],
    },
    {
      shopId: a,
      buyerId: u2,
      read: false,
      lines: [[55, 'buyer', text('Boleh COD ke Johor Bahru?')]],
    },
    {
      shopId: b,
      buyerId: u4,
      read: false,
      lines: [
        [90, 'buyer', { type: 'order', orderSn: order(b, u4) }],
        [89, 'buyer', text('Sambal sampai bila boleh tahan? Nak bawa balik kampung.')],
      ],
    },
  ];
}
