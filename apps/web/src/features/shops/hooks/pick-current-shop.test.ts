import type { Shop } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { pickCurrentShop } from './pick-current-shop.ts';

const shop = (id: string): Shop => ({
  id,
  shopId: `ext-${id}`,
  providerName: 'shopee',
  type: 'Shopee',
  addInformation: {
    name: `Shop ${id}`,
    person_name: 'A',
    person_email: 'a@example.com',
    person_phone: '0123456789',
  },
  defaultBotStatus: false,
  status: 'active',
  config: { vouchersEnabled: false, pauseBotOnManualReply: true, handoverMessage: '' },
  createdAt: '2026-01-01T00:00:00.000Z',
});
const shops = [shop('a'), shop('b'), shop('c')];

describe('current shop (spec §4)', () => {
  it('selects the first shop when none is current', () => {
    expect(pickCurrentShop(shops, null, null)?.id).toBe('a');
  });

  it('selects the shop named by the shopId query', () => {
    expect(pickCurrentShop(shops, 'c', null)?.id).toBe('c');
  });

  it('keeps the stored current shop', () => {
    expect(pickCurrentShop(shops, null, 'b')?.id).toBe('b');
  });

  it('lets the query win over the stored shop', () => {
    expect(pickCurrentShop(shops, 'c', 'b')?.id).toBe('c');
  });

  it('falls back when the query or the stored id names no shop of the merchant', () => {
    expect(pickCurrentShop(shops, 'gone', 'b')?.id).toBe('b');
    expect(pickCurrentShop(shops, 'gone', 'gone')?.id).toBe('a');
  });

  it('has no current shop when there are no shops', () => {
    expect(pickCurrentShop([], 'a', 'a')).toBeNull();
  });
});
