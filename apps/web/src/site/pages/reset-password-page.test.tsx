/** @jsxImportSource preact */
import { messages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSite } from '../test-utils.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

const v = messages.validation;
const renderReset = (email = 'aisyah@example.com') =>
  renderSite(<ResetPasswordPage token="abc123" email={email} />);
const input = (label: string) => screen.getByLabelText(label);
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));

describe('reset password form (spec §5)', () => {
  it('asks for both passwords, only once submitted', async () => {
    renderReset();
    await userEvent.click(input('New Password'));
    await userEvent.tab();
    expect(screen.queryByText(v.password)).toBeNull();
    await submit();
    await waitFor(() => expect(screen.getAllByText(v.password)).toHaveLength(2));
  });

  it('shows the mismatch and clears it when the merchant types again', async () => {
    renderReset();
    const user = userEvent.setup();
    await user.type(input('New Password'), 'password1');
    await user.type(input('Confirm Password'), 'password2');
    await submit();
    expect(await screen.findByText(v.resetPasswordMismatch)).toBeTruthy();
    await user.type(input('Confirm Password'), 'x');
    await waitFor(() => expect(screen.queryByText(v.resetPasswordMismatch)).toBeNull());
  });

  it('says the link is broken when it has no email', async () => {
    renderReset('');
    const user = userEvent.setup();
    await user.type(input('New Password'), 'password1');
    await user.type(input('Confirm Password'), 'password1');
    await submit();
    expect(await screen.findByText(messages.auth.resetInvalid)).toBeTruthy();
  });
});
