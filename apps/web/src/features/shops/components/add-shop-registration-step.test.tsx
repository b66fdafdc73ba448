import { messages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import { AddShopRegistrationStep } from './add-shop-registration-step.tsx';

const v = messages.validation;
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
const renderStep = () =>
  renderAt('/dashboard/addshop/shopee', [
    { path: '/dashboard/addshop/shopee', element: <AddShopRegistrationStep provider="shopee" /> },
  ]);

describe('add-shop registration form (spec §5)', () => {
  it("asks for every field with 'Please enter a value'", async () => {
    renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Authorize on Shopee' }));
    await waitFor(() => expect(screen.getAllByText(v.value)).toHaveLength(4));
  });

  it('checks the email and the number as the merchant types', async () => {
    renderStep();
    const user = userEvent.setup();
    await user.type(input('Contact email'), 'aisyah@example');
    await user.tab();
    expect(await screen.findByText(v.email)).toBeTruthy();
    await user.type(input('Contact email'), '.com');
    await waitFor(() => expect(screen.queryByText(v.email)).toBeNull());

    await user.type(input('Contact number'), '12345');
    await user.tab();
    expect(await screen.findByText(v.phone)).toBeTruthy();
    await user.clear(input('Contact number'));
    await user.type(input('Contact number'), '+60 (012) 345-6789');
    await waitFor(() => expect(screen.queryByText(v.phone)).toBeNull());
  });

  it('shows a cleared field as missing as soon as it is left', async () => {
    renderStep();
    const user = userEvent.setup();
    await user.type(input('Shop name'), 'Kedai');
    await user.clear(input('Shop name'));
    await user.tab();
    expect(await screen.findByText(v.value)).toBeTruthy();
  });
});
