import { messages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import { LoginPage } from './login-page.tsx';

const v = messages.validation;
const renderLogin = () => renderAt('/login', [{ path: '/login', element: <LoginPage /> }]);

describe('login form (spec §5)', () => {
  it('shows both messages when submitted empty', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(v.email)).toBeTruthy();
    expect(screen.getByText(v.loginPassword)).toBeTruthy();
  });

  it('checks the email while the merchant types, once the field was left', async () => {
    renderLogin();
    const user = userEvent.setup();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'aisyah@');
    await user.tab();
    expect(await screen.findByText(v.email)).toBeTruthy();
    await user.type(email, 'example.com');
    await waitFor(() => expect(screen.queryByText(v.email)).toBeNull());
    await user.type(email, ' x');
    expect(await screen.findByText(v.email)).toBeTruthy();
  });

  it('asks for the password when the field is left empty', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Password', { selector: 'input' }));
    await user.tab();
    expect(await screen.findByText(v.loginPassword)).toBeTruthy();
  });

  it('opens the forgot-password form, which checks the email too', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(v.email)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });
});
