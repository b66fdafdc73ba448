import { describe, expect, it } from 'vitest';
import { dashboardViewOf, pageOf } from './pages.ts';

describe('pageOf', () => {
  it('tells site pages, the dashboard and unknown addresses apart', () => {
    expect(pageOf('/')).toEqual({ app: 'site', page: 'index' });
    expect(pageOf('/login')).toEqual({ app: 'site', page: 'login' });
    expect(pageOf('/terms/')).toEqual({ app: 'site', page: 'terms' });
    expect(pageOf('/reset-password/abc123')).toEqual({ app: 'site', page: 'reset-password' });
    expect(pageOf('/reset-password/abc/def')).toEqual({ app: 'site', page: 'not-found' });
    expect(pageOf('/reset-password')).toEqual({ app: 'site', page: 'not-found' });
    expect(pageOf('/dashboard')).toEqual({ app: 'dashboard' });
    expect(pageOf('/dashboard/shops/shopee/1')).toEqual({ app: 'dashboard' });
    expect(pageOf('/chat/shopee/1/2')).toEqual({ app: 'dashboard' });
    expect(pageOf('/test')).toEqual({ app: 'dashboard' });
    expect(pageOf('/testing')).toEqual({ app: 'site', page: 'not-found' });
    expect(pageOf('/nowhere')).toEqual({ app: 'site', page: 'not-found' });
  });
});

describe('dashboardViewOf', () => {
  it('names the view of an address, parameters matched one segment each', () => {
    expect(dashboardViewOf('/dashboard/shops')).toBe('shops');
    expect(dashboardViewOf('/dashboard/shops/shopee/0b7f')).toBe('shop');
    expect(dashboardViewOf('/dashboard/shops/shopee/0b7f/')).toBe('shop');
    // A shop's page is named by its platform.
    expect(dashboardViewOf('/dashboard/shops/lazada/0b7f')).toBe('shop');
    expect(dashboardViewOf('/dashboard/shops/website/0b7f')).toBe('shop');
    expect(dashboardViewOf('/dashboard/shops/knowledge')).toBe('train');
    expect(dashboardViewOf('/chat/lazada/1/2')).toBe('chat');
    expect(dashboardViewOf('/dashboard/shops/shopee')).toBeNull();
    expect(dashboardViewOf('/dashboard/nothing')).toBeNull();
  });
});
