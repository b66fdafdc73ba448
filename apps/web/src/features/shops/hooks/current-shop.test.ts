import type { Shop } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { pickCurrentShop } from './current-shop.ts';

const shop = (id: string) => ({ id }) as Shop;

describe('current shop (spec §4)', () => {
  const shops = [shop('a'), shop('b'), shop('c')];
  it('takes the shopId query first, then the stored shop, then the first', () => {
    expect(pickCurrentShop(shops, 'c', 'b')?.id).toBe('c');
    expect(pickCurrentShop(shops, null, 'b')?.id).toBe('b');
    expect(pickCurrentShop(shops, 'gone', 'gone')?.id).toBe('a');
    expect(pickCurrentShop([], 'a', 'a')).toBeNull();
  });
});
