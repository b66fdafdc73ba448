import { type PushSettings, pushWords } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderAt } from '../../../test-utils.tsx';
import { PushSettingsCard } from './push-settings-card.tsx';

const shop = (id: string, name: string, providerName: 'shopee' | 'website') => ({
  id,
  shopId: id,
  providerName,
  type: providerName,
  addInformation: { name, person_name: 'A', person_email: 'a@example.com', person_phone: '012' },
  defaultBotStatus: false,
  status: 'active',
  config: { vouchersEnabled: false, pauseBotOnManualReply: true, handoverMessage: '' },
});
const settings: PushSettings = {
  shopIds: ['s1'],
  quietHours: null,
  timeZone: 'Asia/Kuala_Lumpur',
  publicKey: 'BAAA',
  devices: 0,
};
const renderCard = () =>
  renderAt('/dashboard/account', [{ path: '/dashboard/account', element: <PushSettingsCard /> }]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('push notifications card', () => {
  it('says when this browser cannot receive notifications, and still saves the shops and quiet hours', async () => {
    // happy-dom has no PushManager: an unsupported browser.
    const saved: unknown[] = [];
    answerApi({
      'GET /push': () => settings,
      'GET /shopee': () => [shop('s1', 'Kedai Comel', 'shopee'), shop('s2', 'Kedai Web', 'website')],
      'PUT /push': (body) => {
        saved.push(body);
        return { ...settings, ...(body as object) };
      },
    });
    renderCard();
    await screen.findByText(pushWords.unsupported);
    expect(screen.queryByRole('button', { name: pushWords.turnOn })).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Kedai Web · Website' }));
    expect((screen.getByRole('checkbox', { name: 'Kedai Comel · Shopee' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByLabelText(pushWords.quiet));
    await user.click(screen.getByRole('button', { name: pushWords.save }));
    await screen.findByText(pushWords.saved);
    expect(saved).toEqual([
      {
        shopIds: ['s1', 's2'],
        quietHours: { start: '22:00', end: '08:00' },
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    ]);
  });

  it('never asks the browser for permission until the merchant clicks', async () => {
    const requestPermission = vi.fn(async () => 'default' as NotificationPermission);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => undefined },
    });
    answerApi({ 'GET /push': () => settings, 'GET /shopee': () => [] });
    renderCard();
    const turnOn = await screen.findByRole('button', { name: pushWords.turnOn });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(turnOn);
    await waitFor(() => expect(requestPermission).toHaveBeenCalledTimes(1));
    // Not allowed: nothing subscribed, the button stays.
    await screen.findByRole('button', { name: pushWords.turnOn });
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});
