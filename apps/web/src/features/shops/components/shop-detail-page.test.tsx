import type { Shop } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { shopPath } from '../shop-path.ts';
import { ShopDetailPage } from './shop-detail-page.tsx';

const shop = (id: string, providerName: Shop['providerName'], name: string): Shop => ({
  id,
  shopId: id,
  providerName,
  type: 'Shopee',
  addInformation: { name, person_name: 'A', person_email: 'a@example.com', person_phone: '0123456789' },
  defaultBotStatus: true,
  status: 'active',
  config: { vouchersEnabled: false, pauseBotOnManualReply: false, handoverMessage: '' },
  createdAt: '2026-11-01T00:00:00.000Z',
});
const lazada = shop('shop-lz', 'lazada', 'Kedai Lazada');
const website = shop('shop-web', 'website', 'Kedai Web');

afterEach(() => vi.unstubAllGlobals());

function open(path: string) {
  answerApi({
    'GET /shopee': () => [lazada, website],
    [`GET /shopee/${lazada.id}`]: () => lazada,
    [`GET /shopee/${website.id}`]: () => website,
    [`GET /shopee/${lazada.id}/onboarding`]: () => ({ trained: true, tested: true, botOn: true }),
    [`GET /shopee/${website.id}/onboarding`]: () => ({ trained: true, tested: true, botOn: true }),
  });
  return renderAt(path, [
    { path: '/dashboard/shops', element: <p>Shops</p> },
    { path: '/dashboard/shops/:platform/:id', element: <ShopDetailPage /> },
  ]);
}

describe('a shop’s page is named by its platform', () => {
  it('puts the platform in the path', () => {
    expect(shopPath(lazada)).toBe('/dashboard/shops/lazada/shop-lz');
    expect(shopPath(website)).toBe('/dashboard/shops/website/shop-web');
  });

  it('replaces an address naming another platform (an old bookmark) with the shop’s own', async () => {
    const { router } = open('/dashboard/shops/shopee/shop-lz?tab=settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/shops/lazada/shop-lz'));
    expect(router.state.location.search).toBe('?tab=settings');
    await screen.findByRole('heading', { name: 'Kedai Lazada' });
  });

  it('opens a website shop under its own platform, and stays there', async () => {
    const { router } = open('/dashboard/shops/website/shop-web');
    await screen.findByRole('heading', { name: 'Kedai Web' });
    expect(router.state.location.pathname).toBe('/dashboard/shops/website/shop-web');
    expect(router.state.historyAction).toBe('POP');
  });

  it('sends an unknown shop to the list whatever the platform', async () => {
    const { router } = open('/dashboard/shops/lazada/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/shops'));
  });
});
