import type { Shop } from '@balas/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { InsightsPage } from './insights-page.tsx';

const shop: Shop = {
  id: 'shop-sp',
  shopId: 'shop-sp',
  providerName: 'shopee',
  type: 'Shopee',
  addInformation: {
    name: 'Kedai Comel',
    person_name: 'Aisyah',
    person_email: 'a@example.com',
    person_phone: '0123456789',
  },
  defaultBotStatus: true,
  status: 'active',
  config: { vouchersEnabled: false, pauseBotOnManualReply: false, handoverMessage: '' },
  createdAt: '2026-11-01T00:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

describe("Insights' shop and period", () => {
  it('show the address’s choice and put a new one in the address', async () => {
    const fetch = answerApi({ 'GET /shopee': () => [shop] });
    const { router } = renderAt('/insights?days=30', [{ path: '/insights', element: <InsightsPage /> }]);
    const user = userEvent.setup();
    const period = screen.getByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { pressed: true }).textContent).toBe('30 days');

    await user.click(within(period).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?days=7'));
    expect(within(period).getByRole('button', { pressed: true }).textContent).toBe('7 days');

    const picker = screen.getByRole('combobox', { name: /Shop/ });
    expect(picker.textContent).toBe('All shops');
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Kedai Comel' }, { timeout: 15_000 }));
    await waitFor(() => expect(router.state.location.search).toBe('?shopId=shop-sp&days=7'));
    expect(screen.getByRole('combobox', { name: /Shop/ }).textContent).toBe('Kedai Comel');
    expect(fetch).toHaveBeenCalledWith('/api/insights?shopId=shop-sp&days=7', expect.anything());
  });

  it('opens the custom range, pressed, and applies its dates', async () => {
    answerApi({ 'GET /shopee': () => [shop] });
    const { router } = renderAt('/insights', [{ path: '/insights', element: <InsightsPage /> }]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    expect(screen.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    // The date fields load when Custom is first chosen.
    const from = await screen.findByLabelText('From', {}, { timeout: 15_000 });
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.clear(to);
    await user.type(to, '2026-11-07');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-07'));
  });
});
