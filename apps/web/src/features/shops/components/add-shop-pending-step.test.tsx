import type { Shop } from '@balas/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { AddShopPendingStep } from './add-shop-pending-step.tsx';

const shop = (status: Shop['status']): Shop => ({
  id: 's1',
  shopId: '947042923',
  providerName: 'shopee',
  type: 'shopee',
  addInformation: {
    name: 'Kedai Comel',
    person_name: 'Aisyah',
    person_email: 'a@example.com',
    person_phone: '0123456789',
  },
  defaultBotStatus: false,
  status,
  config: { vouchersEnabled: false, pauseBotOnManualReply: true, handoverMessage: '' },
  createdAt: '2026-11-27T10:00:00.000Z',
});

const renderStep = () =>
  renderAt('/dashboard/addshop/pending?provider=shopee&shopId=s1', [
    { path: '/dashboard/addshop/pending', element: <AddShopPendingStep /> },
    { path: '/dashboard/shops/shopee/s1', element: <h1>The shop</h1> },
  ]);

// The authorization window's message can be missed (its page's script never ran, the window was
// closed by hand after approving): the step still moves on once a read finds the shop connected.
describe('add-shop waiting step', () => {
  it('opens the shop when the tab is shown again and the shop reads connected', async () => {
    let status: Shop['status'] = 'pending';
    answerApi({ 'GET /shopee/s1': () => shop(status) });
    const { router } = renderStep();
    await screen.findByRole('progressbar', { name: 'Waiting for authorization' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/addshop/pending'));

    status = 'active';
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await screen.findByRole('heading', { name: 'The shop' });
    expect(router.state.location.pathname).toBe('/dashboard/shops/shopee/s1');
    focusManager.setFocused(undefined);
  });

  it('keeps waiting while the shop is not connected', async () => {
    const fetch = answerApi({ 'GET /shopee/s1': () => shop('pending') });
    const { router } = renderStep();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(router.state.location.pathname).toBe('/dashboard/addshop/pending');
    focusManager.setFocused(undefined);
  });
});
