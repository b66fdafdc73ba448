import { accountWords, messages, serverMessages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

const words = accountWords.password;
const v = messages.validation;
// Required fields' labels end with an asterisk.
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
const renderForm = () =>
  renderAt('/dashboard/account', [
    { path: '/dashboard/account', element: <ChangePasswordForm email="aisyah@example.com" /> },
  ]);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('password change form', () => {
  it('asks for every field, and checks the new password before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: words.submit }));
    await screen.findByText(v.currentPassword);
    expect(screen.getByText(v.password)).toBeTruthy();
    expect(screen.getByText(v.passwordConfirmation)).toBeTruthy();

    await user.type(input(words.current), 'correct horse');
    await user.type(input(words.new), 'short');
    await user.type(input(words.confirm), 'other one');
    await user.click(screen.getByRole('button', { name: words.submit }));
    await screen.findByText(v.passwordMin);

    await user.clear(input(words.new));
    await user.type(input(words.new), 'lantern-quiet-87');
    await user.click(screen.getByRole('button', { name: words.submit }));
    await screen.findByText(v.passwordMismatch);

    await user.clear(input(words.new));
    await user.type(input(words.new), 'correct horse');
    await user.clear(input(words.confirm));
    await user.type(input(words.confirm), 'correct horse');
    await user.click(screen.getByRole('button', { name: words.submit }));
    await screen.findByText(v.passwordUnchanged);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fills the fields as a password manager expects and lets the merchant see what they typed', async () => {
    renderForm();
    expect(input(words.current).autocomplete).toBe('current-password');
    expect(input(words.new).autocomplete).toBe('new-password');
    expect(input(words.confirm).autocomplete).toBe('new-password');
    expect(input(words.current).type).toBe('password');
    const [show] = screen.getAllByRole('button', { name: words.show });
    await userEvent.click(show!);
    expect(input(words.current).type).toBe('text');
    expect(show!.getAttribute('aria-pressed')).toBe('true');
    expect(show!.getAttribute('aria-label')).toBe(words.hide);
  });

  it("puts the server's message on the current password field", async () => {
    localStorage.setItem('token', 'abc');
    const message = serverMessages.password.currentWrong;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'validation', message, fields: { current_password: message } } },
          { status: 400 },
        ),
      ),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(input(words.current), 'wrong horse');
    await user.type(input(words.new), 'lantern-quiet-87');
    await user.type(input(words.confirm), 'lantern-quiet-87');
    await user.click(screen.getByRole('button', { name: words.submit }));
    await waitFor(() => expect(input(words.current).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(message)).toBeTruthy();
    // Still signed in: a wrong current password is not the end of the session.
    expect(localStorage.getItem('token')).toBe('abc');
  });
});
