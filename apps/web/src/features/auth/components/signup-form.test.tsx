import { messages } from '@balas/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test-utils.tsx';
import { SignupPage } from './signup-page.tsx';

const v = messages.validation;
const renderSignup = () => renderAt('/signup', [{ path: '/signup', element: <SignupPage /> }]);
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('signup form (spec §5)', () => {
  it('shows the required messages when submitted empty', async () => {
    renderSignup();
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(v.firstName)).toBeTruthy();
    expect(screen.getByText(v.email)).toBeTruthy();
    expect(screen.getByText(v.password)).toBeTruthy();
    expect(screen.getByText(v.passwordConfirmation)).toBeTruthy();
    // The phone is optional.
    expect(screen.queryByText(v.phone)).toBeNull();
  });

  it('checks each field as the merchant types', async () => {
    renderSignup();
    const user = userEvent.setup();
    await user.type(input('First name'), 'A');
    await user.clear(input('First name'));
    await user.tab();
    expect(await screen.findByText(v.firstName)).toBeTruthy();

    await user.type(input('Email'), 'aisyah at example');
    await user.tab();
    expect(await screen.findByText(v.email)).toBeTruthy();

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

  it('asks for a matching confirmation of at least 8 characters', async () => {
    renderSignup();
    const user = userEvent.setup();
    await user.type(input('Password'), 'correct horse');
    await user.type(input('Confirm password'), 'short');
    await user.tab();
    expect(await screen.findByText(v.passwordMin)).toBeTruthy();
    await user.type(input('Confirm password'), ' horse');
    expect(await screen.findByText(v.passwordMismatch)).toBeTruthy();
    await user.clear(input('Confirm password'));
    await user.type(input('Confirm password'), 'correct horse');
    await waitFor(() => expect(screen.queryByText(v.passwordMismatch)).toBeNull());
    // Changing the password afterwards re-checks the confirmation.
    await user.type(input('Password'), '!');
    expect(await screen.findByText(v.passwordMismatch)).toBeTruthy();
  });

  it('shows the messages on submit as well', async () => {
    renderSignup();
    const user = userEvent.setup();
    await user.type(input('Phone (optional)'), '12');
    await user.type(input('Password'), 'longenough');
    await user.type(input('Confirm password'), 'longenougH');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText(v.phone)).toBeTruthy();
    expect(screen.getByText(v.passwordMismatch)).toBeTruthy();
  });
});
