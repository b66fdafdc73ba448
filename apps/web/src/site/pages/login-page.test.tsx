/** @jsxImportSource preact */
import { messages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSite } from '../test-utils.tsx';
import { LoginPage } from './login-page.tsx';

const v = messages.validation;
afterEach(() => vi.unstubAllGlobals());

describe('login form (spec §5)', () => {
  it('shows both messages when submitted empty, and focuses the first field to fix', async () => {
    renderSite(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(v.email)).toBeTruthy();
    expect(screen.getByText(v.loginPassword)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('checks the email while the merchant types, once the field was left', async () => {
    renderSite(<LoginPage />);
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

  it('shows the server message when the credentials are wrong', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'unauthorized', message: messages.auth.invalidCredentials } },
          { status: 401 },
        ),
      ),
    );
    renderSite(<LoginPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'aisyah@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.auth.invalidCredentials);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('opens the forgot-password form, which checks the email too', async () => {
    renderSite(<LoginPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email'), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(v.email)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    renderSite(<LoginPage />);
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    await waitFor(() => expect(password.type).toBe('text'));
  });
});
