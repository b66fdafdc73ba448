import { messages, type Shop } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import { ShopSettingsForm } from './shop-settings-form.tsx';

const v = messages.validation;
const shop: Shop = {
  id: 'shop-1',
  shopId: '947042923',
  providerName: 'shopee',
  type: 'Shopee',
  addInformation: {
    name: 'Kedai Comel',
    person_name: 'Aisyah',
    person_email: 'aisyah@example.com',
    person_phone: '012-345 6789',
  },
  defaultBotStatus: true,
  status: 'active',
  config: {
    vouchersEnabled: true,
    pauseBotOnManualReply: false,
    handoverMessage: 'Our team will reply soon.',
  },
  createdAt: '2026-11-01T00:00:00.000Z',
};
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const renderForm = () =>
  renderAt('/dashboard/shops/shopee/shop-1', [
    { path: '/dashboard/shops/shopee/:id', element: <ShopSettingsForm shop={shop} /> },
  ]);

describe('shop update form (spec §5)', () => {
  it('starts from the shop’s details and settings', () => {
    renderForm();
    expect((input('Shop name') as HTMLInputElement).value).toBe('Kedai Comel');
    expect((input('Contact person') as HTMLInputElement).value).toBe('Aisyah');
    expect((input('Contact email') as HTMLInputElement).value).toBe('aisyah@example.com');
    expect((input('Contact number') as HTMLInputElement).value).toBe('012-345 6789');
    expect((screen.getByLabelText('Handover message') as HTMLTextAreaElement).value).toBe(
      'Our team will reply soon.',
    );
    expect((screen.getByRole('switch', { name: /Vouchers page/ }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('switch', { name: /Pause the bot when I reply/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it("asks for every cleared field with 'Please enter a value'", async () => {
    renderForm();
    const user = userEvent.setup();
    for (const label of ['Shop name', 'Contact person', 'Contact email', 'Contact number'])
      await user.clear(input(label));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getAllByText(v.value)).toHaveLength(4));
  });

  it('checks the email and the number as the merchant types', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.clear(input('Contact email'));
    await user.type(input('Contact email'), 'aisyah example.com');
    await user.tab();
    expect(await screen.findByText(v.email)).toBeTruthy();
    await user.type(input('Contact number'), '0');
    await user.tab();
    expect(await screen.findByText(v.phone)).toBeTruthy();
  });
});
