import { describe, expect, it } from 'vitest';
import { authorizationRedirect } from './create-shop.ts';

describe('authorization redirect (spec §9)', () => {
  it('brings Shopee back to the wizard and Lazada and websites to the site root', () => {
    const origin = 'https://app.balas.my';
    expect(authorizationRedirect('shopee', origin)).toBe('https://app.balas.my/dashboard/addshop/complete');
    expect(authorizationRedirect('lazada', origin)).toBe('https://app.balas.my/');
    expect(authorizationRedirect('website', origin)).toBe('https://app.balas.my/');
  });
});
