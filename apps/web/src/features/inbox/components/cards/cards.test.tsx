import {
  cardMessages,
  type MessageContent,
  type OrderLookup,
  orderLookup,
  type ProductLookup,
  productLookup,
  type RecentOrdersLookup,
  recentOrdersLookup,
  type ShopVoucher,
  shopVoucher,
} from '@balas/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { renderAt } from '../../../../test-utils.tsx';
import type { Bubble } from '../../api/messages.ts';
import { MessageBubble } from '../message-bubble.tsx';
import { ShopperPanel } from '../shopper-panel.tsx';
import { cardHeights, cardsOf, productsAskedAbout } from './card-refs.ts';
import { CardShopContext } from './card-shop.ts';
import { OrderCard } from './order-card.tsx';
import { ProductCard } from './product-card.tsx';
import { VoucherCard } from './voucher-card.tsx';

const shop = { id: 'shop-1', providerName: 'shopee' as const };
const SN = '2611037K3QH2MX';

const order: OrderLookup = {
  result: 'found',
  orderSn: SN,
  problem: null,
  order: {
    platform: 'shopee',
    orderSn: SN,
    status: 'shipped',
    platformStatus: 'SHIPPED',
    currency: 'MYR',
    total: 68.7,
    createdAt: '2026-11-03T02:00:00.000Z',
    items: [
      {
        itemId: '2300100101',
        name: 'Cotton Baby Romper',
        variation: '3-6M, Mint',
        quantity: 2,
        price: 31.9,
        image: '/assets/romper.svg',
      },
    ],
    sellerCentreUrl: `https://seller.shopee.com.my/portal/sale/order?search=${SN}`,
    buyer: { id: '880011', name: 'Nur Aisyah' },
    shipBy: null,
    expectedDelivery: null,
    tracking: { number: 'SPXMY012345678901', carrier: 'SPX Express', events: [] },
    reason: null,
    checkedAt: '2026-11-04T02:00:00.000Z',
  },
};

const product: ProductLookup = {
  result: 'found',
  productId: '2300100101',
  problem: null,
  product: {
    productId: '2300100101',
    name: 'Cotton Baby Romper',
    image: '/assets/romper.svg',
    images: ['/assets/romper.svg'],
    price: '29.90',
    currency: 'MYR',
    stock: 120,
    variations: [
      { id: 'm1', name: '0-3M / Mint', price: '29.90', stock: 20 },
      { id: 'm2', name: '3-6M / Mint', price: '31.90', stock: 0 },
    ],
  },
};

const unavailable = {
  reason: 'platform' as const,
  message: 'Shopee did not answer. Try again in a moment.',
  retryAfterSeconds: 5,
};

/**
 * The API as the server answers it: every body is checked against its contract schema first, so a
 * fixture cannot drift from what the server sends. Answers are taken in turn per path.
 */
function serve(routes: Record<string, (() => Response | Promise<Response>)[]>) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: string) => {
    const path = String(input)
      .replace(/^\/api/, '')
      .split('?')[0]!;
    calls.push(path);
    const answers = routes[path];
    if (!answers?.length) throw new Error(`unexpected call ${path}`);
    return (answers.length > 1 ? answers.shift()! : answers[0]!)();
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}
const ok =
  <T,>(schema: ZodType<T>, body: T) =>
  () =>
    new Response(JSON.stringify({ data: schema.parse(body) }), {
      headers: { 'content-type': 'application/json' },
    });
const down = () =>
  new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 502 });
const never = () => new Promise<Response>(() => {});

afterEach(() => vi.unstubAllGlobals());

const show = (element: ReactNode) => renderAt('/', [{ path: '/', element }]);
const orderPath = `/shopee/v1/shop-1/orders/${SN}`;
const productPath = '/shopee/v1/shop-1/products/2300100101';

describe('order card', () => {
  it('shows the order: status in the merchant’s words, total, items, tracking and a seller centre link', async () => {
    serve({ [orderPath]: [ok(orderLookup, order)] });
    show(<OrderCard shop={shop} orderSn={SN} />);
    await screen.findByText('Shipped');
    const card = screen.getByRole('group', { name: `Order ${SN}` });
    expect(within(card).getByText('RM 68.70')).toBeTruthy();
    expect(within(card).getByText('Cotton Baby Romper')).toBeTruthy();
    expect(within(card).getByText('3-6M, Mint · × 2')).toBeTruthy();
    expect(within(card).getByText('SPXMY012345678901')).toBeTruthy();
    const picture = within(card).getByRole('img', { name: 'Cotton Baby Romper' });
    expect(picture.getAttribute('loading')).toBe('lazy');
    const link = within(card).getByRole('link', { name: 'Open in Shopee Seller Centre' });
    expect(link.getAttribute('href')).toBe(order.order!.sellerCentreUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(card.style.height || getComputedStyle(card).height).toBe(`${cardHeights.order}px`);
  });

  it('says an order that is not in the shop is not found, with its number', async () => {
    serve({
      [orderPath]: [ok(orderLookup, { result: 'not_found', orderSn: SN, order: null, problem: null })],
    });
    show(<OrderCard shop={shop} orderSn={SN} />);
    await screen.findByText(cardMessages.orderNotFound);
    const card = screen.getByRole('group', { name: `Order ${SN}` });
    expect(within(card).getByText(`Order ${SN}`)).toBeTruthy();
  });

  it('shows the number and the reason with a Retry when the platform is unavailable, and retries', async () => {
    const calls = serve({
      [orderPath]: [
        ok(orderLookup, { result: 'unavailable', orderSn: SN, order: null, problem: unavailable }),
        ok(orderLookup, order),
      ],
    });
    show(<OrderCard shop={shop} orderSn={SN} />);
    await screen.findByText(unavailable.message);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Shipped');
    expect(calls).toEqual([orderPath, orderPath]);
  });

  it('turns a failed call into the same Retry, never an error page', async () => {
    serve({ [orderPath]: [down, ok(orderLookup, order)] });
    show(<OrderCard shop={shop} orderSn={SN} />);
    await screen.findByText(cardMessages.failed);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Shipped');
  });

  it('shows a skeleton of the card’s size while it loads', async () => {
    serve({ [orderPath]: [never] });
    show(<OrderCard shop={shop} orderSn={SN} />);
    const card = screen.getByRole('group', { name: `Order ${SN}` });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(getComputedStyle(card).height).toBe(`${cardHeights.order}px`);
  });
});

describe('product card', () => {
  it('shows picture, name, price range and stock, and each variation’s price and stock on demand', async () => {
    serve({ [productPath]: [ok(productLookup, product)] });
    show(<ProductCard shop={shop} productId="2300100101" />);
    const card = await screen.findByRole('group', { name: 'Cotton Baby Romper' });
    expect(within(card).getByText('RM 29.90 – RM 31.90')).toBeTruthy();
    expect(within(card).getByText('120 in stock')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Cotton Baby Romper' }).getAttribute('loading')).toBe(
      'lazy',
    );
    await userEvent.click(within(card).getByRole('button', { name: '2 variations' }));
    const list = await screen.findByRole('list', { name: '2 variations' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      '0-3M / MintRM 29.9020 in stock',
      '3-6M / MintRM 31.90Out of stock',
    ]);
  });

  it('says a product that is not in the shop is not found', async () => {
    serve({
      [productPath]: [
        ok(productLookup, { result: 'not_found', productId: '2300100101', product: null, problem: null }),
      ],
    });
    show(<ProductCard shop={shop} productId="2300100101" />);
    await screen.findByText(cardMessages.productNotFound);
    expect(screen.getByText('Product 2300100101')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the id with a Retry when unavailable, and retries', async () => {
    serve({
      [productPath]: [
        ok(productLookup, {
          result: 'unavailable',
          productId: '2300100101',
          product: null,
          problem: unavailable,
        }),
        ok(productLookup, product),
      ],
    });
    show(<ProductCard shop={shop} productId="2300100101" />);
    await screen.findByText(unavailable.message);
    expect(screen.getByText('Product 2300100101')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('group', { name: 'Cotton Baby Romper' });
  });

  it('shows a skeleton of the card’s size while it loads', () => {
    serve({ [productPath]: [never] });
    show(<ProductCard shop={shop} productId="2300100101" />);
    const card = screen.getByRole('group', { name: 'Product 2300100101' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(getComputedStyle(card).height).toBe(`${cardHeights.product}px`);
  });
});

describe('voucher card', () => {
  const vouchers: ShopVoucher[] = [
    {
      id: '7001',
      code: 'COMEL5',
      name: 'Comel RM5',
      discount: 'RM5 off, min. spend RM50',
      endsAt: '2026-12-31T15:59:59.000Z',
    },
  ];
  const path = '/shopee/shop-1/gpt/vouchers';
  const list = ok(shopVoucher.array(), vouchers);

  it('shows the code and the value of a running voucher', async () => {
    serve({ [path]: [list] });
    show(<VoucherCard shop={shop} voucherId="7001" />);
    const card = await screen.findByRole('group', { name: 'Voucher COMEL5' });
    expect(within(card).getByText('COMEL5')).toBeTruthy();
    expect(within(card).getByText('RM5 off, min. spend RM50')).toBeTruthy();
  });

  it('says so when the voucher is not running', async () => {
    serve({ [path]: [list] });
    show(<VoucherCard shop={shop} voucherId="9999" />);
    await screen.findByText(cardMessages.voucherNotRunning);
    expect(screen.getByText('Voucher 9999')).toBeTruthy();
  });

  it('retries a failed lookup, with a skeleton of the card’s size while it loads again', async () => {
    serve({ [path]: [down, never] });
    show(<VoucherCard shop={shop} voucherId="7001" />);
    await screen.findByText(cardMessages.failed);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Voucher 7001' }).getAttribute('aria-busy')).toBe('true'),
    );
    expect(getComputedStyle(screen.getByRole('group', { name: 'Voucher 7001' })).height).toBe(
      `${cardHeights.voucher}px`,
    );
  });
});

const bubble = (content: MessageContent, over: Partial<Bubble> = {}): Bubble => ({
  id: Math.random().toString(36),
  messageId: 'm',
  sender: 'customer',
  at: 0,
  content,
  unreadable: false,
  status: 'sent',
  error: null,
  ...over,
});

describe('cards of a message', () => {
  it('reads canonical orders, products, suggested products and vouchers', () => {
    expect(cardsOf(bubble({ kind: 'order', orderId: SN }))).toEqual([{ kind: 'order', id: SN }]);
    expect(cardsOf(bubble({ kind: 'product', products: [{ id: '2300100101' }] }))).toEqual([
      { kind: 'product', id: '2300100101' },
    ]);
    expect(
      cardsOf(
        bubble({ kind: 'product', products: [{ id: '1' }, { id: '2' }, { id: '1' }], suggested: true }),
      ),
    ).toEqual([
      { kind: 'product', id: '1' },
      { kind: 'product', id: '2' },
    ]);
    expect(cardsOf(bubble({ kind: 'voucher', voucherId: '7001', code: 'COMEL5' }))).toEqual([
      { kind: 'voucher', id: '7001', code: 'COMEL5' },
    ]);
    expect(cardsOf(bubble({ kind: 'voucher', voucherId: '88' }))).toEqual([{ kind: 'voucher', id: '88' }]);
    expect(cardsOf(bubble({ kind: 'text', text: 'hello' }))).toEqual([]);
    expect(
      cardsOf(bubble({ kind: 'other', label: 'message', unreadable: true }, { unreadable: true })),
    ).toEqual([]);
  });

  it('lists the products the shopper asked about, latest first, once each', () => {
    const item = (id: string) => ({ kind: 'product' as const, products: [{ id }] });
    const chat = [
      bubble(item('1')),
      bubble(item('2'), { sender: 'agent' }),
      bubble(item('3')),
      bubble(item('1')),
    ];
    expect(productsAskedAbout(chat)).toEqual(['1', '3']);
  });
});

describe('shopper panel', () => {
  const recentPath = '/shopee/v1/shop-1/conv-1/orders';
  const recent: RecentOrdersLookup = {
    result: 'found',
    problem: null,
    orders: [
      {
        platform: 'shopee',
        orderSn: SN,
        status: 'to_ship',
        platformStatus: 'READY_TO_SHIP',
        currency: 'MYR',
        total: 68.7,
        createdAt: '2026-11-03T02:00:00.000Z',
        items: order.order!.items,
        sellerCentreUrl: order.order!.sellerCentreUrl,
      },
    ],
  };
  const chat = [bubble({ kind: 'product', products: [{ id: '2300100101' }] })];

  it('lists the buyer’s recent orders with their status and the products they asked about', async () => {
    serve({ [recentPath]: [ok(recentOrdersLookup, recent)], [productPath]: [ok(productLookup, product)] });
    show(<ShopperPanel shop={shop} conversation="conv-1" bubbles={chat} />);
    const row = await screen.findByRole('listitem', { name: `Order ${SN}` });
    expect(within(row).getByText('To ship')).toBeTruthy();
    expect(within(row).getByText('RM 68.70')).toBeTruthy();
    expect(within(row).getByText('Cotton Baby Romper × 2')).toBeTruthy();
    await screen.findByRole('group', { name: 'Cotton Baby Romper' });
  });

  it('says plainly when the buyer has no orders, and retries an unavailable list', async () => {
    serve({
      [recentPath]: [
        ok(recentOrdersLookup, { result: 'unavailable', orders: [], problem: unavailable }),
        ok(recentOrdersLookup, { result: 'found', orders: [], problem: null }),
      ],
    });
    show(<ShopperPanel shop={shop} conversation="conv-1" bubbles={[]} />);
    await screen.findByText(unavailable.message);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(cardMessages.panel.noOrders(30));
    expect(screen.getByText(cardMessages.panel.noProducts)).toBeTruthy();
  });

  it('says a website conversation has no platform orders, without asking the server', () => {
    const calls = serve({});
    show(<ShopperPanel shop={{ id: 'w', providerName: 'website' }} conversation="c" bubbles={[]} />);
    expect(screen.getByText(cardMessages.panel.websiteOrders)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('messages with cards in the chat', () => {
  const orderBubble = bubble({ kind: 'order', orderId: SN });

  it('shows a shared order as its card, without an empty bubble, in a shop’s chat', async () => {
    serve({ [orderPath]: [ok(orderLookup, order)] });
    const { container } = show(
      <CardShopContext value={shop}>
        <MessageBubble bubble={orderBubble} onRetry={() => {}} />
      </CardShopContext>,
    );
    await screen.findByText('Shipped');
    expect(screen.queryByText(`Order ${SN}`, { selector: '.MuiChip-label' })).toBeNull();
    // The bubble itself is empty (hidden by CSS); the card stands alone.
    const frame = container.querySelector('[data-sender="customer"] > div');
    expect(frame?.childElementCount).toBe(0);
  });

  it('keeps the label chips where there is no shop to look cards up in', () => {
    const calls = serve({});
    show(<MessageBubble bubble={orderBubble} onRetry={() => {}} />);
    expect(screen.getByText(`Order ${SN}`)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows a product message with its name as its card', async () => {
    serve({ [productPath]: [ok(productLookup, product)] });
    show(
      <CardShopContext value={shop}>
        <MessageBubble
          bubble={bubble({
            kind: 'product',
            products: [{ id: '2300100101', name: 'Cotton Baby Romper', price: 'RM29.90' }],
          })}
          onRetry={() => {}}
        />
      </CardShopContext>,
    );
    await screen.findByText('RM 29.90 – RM 31.90', { normalizer: (t) => t.replace(/\s+/g, ' ') });
  });
});
