import { messages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderAt } from '../../../test-utils.tsx';
import { signOut } from '../api/session.ts';
import { LoginPage } from './login-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { SignupPage, signupErrorMessage } from './signup-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('login form', () => {
  it('shows the spec messages for a bad email and a missing password', async () => {
    renderAt('/login', [{ path: '/login', element: <LoginPage /> }]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(messages.validation.email)).toBeTruthy();
    expect(screen.getByText(messages.validation.loginPassword)).toBeTruthy();
  });
});

describe('signup form', () => {
  it('shows every validation message of spec §5', async () => {
    renderAt('/signup', [{ path: '/signup', element: <SignupPage /> }]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Phone (optional)'), '123');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'differ');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(messages.validation.firstName)).toBeTruthy();
    expect(screen.getByText(messages.validation.email)).toBeTruthy();
    expect(screen.getByText(messages.validation.phone)).toBeTruthy();
    expect(screen.getAllByText(messages.validation.passwordMin)).toHaveLength(2);
    await user.clear(screen.getByLabelText('Password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'long enough');
    await user.clear(screen.getByLabelText('Confirm password', { selector: 'input' }));
    await user.type(screen.getByLabelText('Confirm password', { selector: 'input' }), 'long enougH');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(messages.validation.passwordMismatch)).toBeTruthy();
  });

  it('maps a duplicate e-mail to the portal message and anything else to the fallback', () => {
    expect(
      signupErrorMessage(new ApiError(409, 'conflict', 'A user already exists with this email address')),
    ).toBe(messages.auth.userExistsShown);
    expect(signupErrorMessage(new ApiError(500, 'internal', 'boom'))).toBe(messages.auth.signupFallback);
  });
});

describe('reset password', () => {
  it('shows the mismatch and clears it when the merchant types again', async () => {
    renderAt('/reset-password/abc?email=a%40b.co', [
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
    ]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password2');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(messages.validation.resetPasswordMismatch)).toBeTruthy();
    await user.type(screen.getByLabelText('Confirm Password'), 'x');
    await waitFor(() => expect(screen.queryByText(messages.validation.resetPasswordMismatch)).toBeNull());
  });
});

describe('logout', () => {
  it('clears the session even when the call fails', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('shopId', 'x');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('network down')));
    await signOut();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('shopId')).toBeNull();
  });
});
