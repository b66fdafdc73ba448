import type { Shop } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { navLinks } from './sidebar-links.tsx';

const shop = (vouchersEnabled: boolean, providerName: Shop['providerName'] = 'shopee') =>
  ({ id: 's1', providerName, config: { vouchersEnabled } }) as Shop;
const labels = (s: Shop | null) => navLinks(s).map((l) => l.label);

describe('sidebar links', () => {
  it('puts the Inbox first', () => {
    expect(navLinks(null)[0]).toMatchObject({ label: 'Inbox', to: '/inbox' });
  });

  it('lists Vouchers only when the current shop turned the page on', () => {
    expect(labels(shop(false))).toEqual(['Inbox', 'Shops', 'Train Chatbot', 'Simulator', 'Insights']);
    expect(labels(shop(true))).toEqual([
      'Inbox',
      'Shops',
      'Train Chatbot',
      'Simulator',
      'Insights',
      'Vouchers',
    ]);
    expect(navLinks(shop(true)).at(-1)?.to).toBe('/dashboard/vouchers/s1');
  });

  it('points the simulator at the current shop’s kind', () => {
    expect(navLinks(shop(false, 'website'))[3]?.to).toBe('/dashboard/test/website?shopId=s1');
    expect(navLinks(shop(false, 'lazada'))[3]?.to).toBe('/dashboard/test/shopee?shopId=s1');
  });

  it('sends shop pages to the shop list when there is no current shop', () => {
    expect(navLinks(null).map((l) => l.to)).toEqual([
      '/inbox',
      '/dashboard/shops',
      '/dashboard/shops',
      '/dashboard/shops',
      '/insights',
    ]);
  });
});
