import { describe, expect, it } from 'vitest';
import { authorizationRedirect } from './create-shop.ts';

describe('authorization redirect', () => {
  it('ends the marketplaces’ authorization window on our /connected page; a website has none', () => {
    const origin = 'https://app.balas.my';
    expect(authorizationRedirect('shopee', origin)).toBe('https://app.balas.my/connected');
    expect(authorizationRedirect('lazada', origin)).toBe('https://app.balas.my/connected');
    expect(authorizationRedirect('website', origin)).toBeUndefined();
  });
});
