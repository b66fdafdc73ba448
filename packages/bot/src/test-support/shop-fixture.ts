import type { ShopKnowledge } from '../types.ts';

/** A small trilingual shop for unit tests (facts deliberately spread over English, Malay and Chinese). */
export function testShop(overrides: Partial<ShopKnowledge> = {}): ShopKnowledge {
  return {
    shopName: 'Kedai Ujian',
    topics: [
      {
        id: 'shipping',
        name: 'Shipping',
        categorization: [
          'Delivery questions: shipping fee, courier, how many days an order takes to arrive.',
          'Soalan penghantaran: caj pos, kurier. 中文：运费、快递、几天到货。',
        ],
        knowledge: [
          {
            id: 'ship-fee',
            text: 'The shipping fee is RM6.90 to West Malaysia and RM14.90 to Sabah and Sarawak.',
          },
          { id: 'ship-days', text: '西马一般1至3个工作天到货，东马一般4至7个工作天。' },
          { id: 'ship-courier', text: 'Pesanan laman web dihantar dengan J&T Express ke Semenanjung.' },
        ],
      },
      {
        id: 'returns',
        name: 'Returns & Refunds',
        categorization: ['Shopper wants to return an item or get a refund, and how long a refund takes.'],
        knowledge: [
          { id: 'ret-window', text: 'Returns must be requested within 7 days of receiving the parcel.' },
          { id: 'ret-refund', text: '我们收到退货后，会在3个工作天内处理退款。' },
        ],
      },
      {
        id: 'warranty',
        name: 'Warranty',
        categorization: ['Warranty for breast pumps and strollers, repairs and spare parts.'],
        knowledge: [
          { id: 'war-pump', text: 'Electric breast pumps have a 12-month warranty on the motor unit.' },
        ],
      },
    ],
    chunks: [
      {
        id: 'care-1',
        fileId: 'care',
        fileName: 'care-guide.txt',
        ordinal: 0,
        text: 'Stroller care\nLubricate the stroller wheels with silicone spray every 3 months. Never use cooking oil.',
      },
      {
        id: 'care-2',
        fileId: 'care',
        fileName: 'care-guide.txt',
        ordinal: 1,
        text: 'Teether care\nChill the teether in the fridge, never in the freezer.',
      },
    ],
    products: [
      {
        productId: 'p-bottle',
        name: 'Comel Anti-Colic Bottle 160ml',
        description: 'Wide-neck feeding bottle, 160ml, BPA-free. Colours: Mint, Peach.',
        price: 24.9,
      },
      {
        productId: 'p-stroller',
        name: 'Lipat Lite Cabin Stroller',
        description: 'Lightweight cabin stroller, only 5.9kg, with one-hand fold.',
        price: 599,
      },
    ],
    productInfo: [
      {
        id: 'pi-teats',
        productIds: ['p-bottle'],
        title: 'Which teats fit the bottle?',
        description: 'Only Comel wide-neck teats fit. Spare teats are sold in packs of 2 for RM16.90.',
      },
    ],
    ...overrides,
  };
}
