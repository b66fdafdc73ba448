/** @jsxImportSource preact */
import { messages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SiteApiError } from '../api.ts';
import { renderSite } from '../test-utils.tsx';
import { SignupPage, signupErrorMessage } from './signup-page.tsx';

const v = messages.validation;
const input = (label: string) => screen.getByLabelText(label);

describe('signup form (spec §5)', () => {
  it('shows the required messages when submitted empty', async () => {
    renderSite(<SignupPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(v.firstName)).toBeTruthy();
    expect(screen.getByText(v.email)).toBeTruthy();
    expect(screen.getByText(v.password)).toBeTruthy();
    expect(screen.getByText(v.passwordConfirmation)).toBeTruthy();
    // The phone is optional.
    expect(screen.queryByText(v.phone)).toBeNull();
  });

  it('checks each field as the merchant types', async () => {
    renderSite(<SignupPage />);
    const user = userEvent.setup();
    await user.type(input('First name'), 'A');
    await user.clear(input('First name'));
    await user.tab();
    expect(await screen.findByText(v.firstName)).toBeTruthy();

    await user.type(input('Phone (optional)'), '123');
    await user.tab();
    expect(await screen.findByText(v.phone)).toBeTruthy();
    await user.type(input('Phone (optional)'), '-456-7890');
    await waitFor(() => expect(screen.queryByText(v.phone)).toBeNull());

    await user.type(input('Password'), 'short');
    await user.tab();
    expect(await screen.findByText(v.passwordMin)).toBeTruthy();
    await user.type(input('Password'), ' and long');
    await waitFor(() => expect(screen.queryByText(v.passwordMin)).toBeNull());
  });

  it('asks for a matching confirmation, and re-checks it when the password changes', async () => {
    renderSite(<SignupPage />);
    const user = userEvent.setup();
    await user.type(input('First name'), 'Aisyah');
    await user.type(input('Email'), 'aisyah@example.com');
    await user.type(input('Password'), 'correct horse');
    await user.type(input('Confirm password'), 'short');
    await user.tab();
    expect(await screen.findByText(v.passwordMin)).toBeTruthy();
    await user.type(input('Confirm password'), ' horse');
    expect(await screen.findByText(v.passwordMismatch)).toBeTruthy();
    await user.clear(input('Confirm password'));
    await user.type(input('Confirm password'), 'correct horse');
    await waitFor(() => expect(screen.queryByText(v.passwordMismatch)).toBeNull());
    await user.type(input('Password'), '!');
    expect(await screen.findByText(v.passwordMismatch)).toBeTruthy();
  });
});

describe('signup error mapping (spec §8)', () => {
  it("shows the portal's message when the server says 'user already exist', else the fallback", () => {
    expect(signupErrorMessage(new SiteApiError(409, 'A user already exists with this email address'))).toBe(
      messages.auth.userExistsShown,
    );
    expect(signupErrorMessage(new SiteApiError(409, 'Conflict', { email: messages.auth.userExists }))).toBe(
      messages.auth.userExistsShown,
    );
    expect(signupErrorMessage(new SiteApiError(500, 'boom'))).toBe(messages.auth.signupFallback);
    expect(signupErrorMessage(new SiteApiError(0, 'offline'))).toBe(messages.auth.signupFallback);
    expect(signupErrorMessage(new TypeError('x'))).toBe(messages.auth.signupFallback);
  });
});
