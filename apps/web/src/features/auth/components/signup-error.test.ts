import { messages } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, networkErrorMessage } from '../../../lib/api-client.ts';
import { signupErrorMessage } from './signup-error.ts';

describe('signup error mapping (spec §8)', () => {
  it("shows the portal's message when the server says 'user already exist'", () => {
    const duplicate = new ApiError(409, 'conflict', 'A user already exists with this email address');
    expect(signupErrorMessage(duplicate)).toBe(messages.auth.userExistsShown);
  });

  it('also finds the words in the field messages', () => {
    const duplicate = new ApiError(409, 'conflict', 'Conflict', { email: messages.auth.userExists });
    expect(signupErrorMessage(duplicate)).toBe(messages.auth.userExistsShown);
  });

  it('shows the fallback for any other failure', () => {
    expect(signupErrorMessage(new ApiError(500, 'internal', 'boom'))).toBe(messages.auth.signupFallback);
    expect(signupErrorMessage(new ApiError(429, 'rate_limited', 'Too many'))).toBe(
      messages.auth.signupFallback,
    );
    expect(signupErrorMessage(new ApiError(0, 'network', networkErrorMessage))).toBe(
      messages.auth.signupFallback,
    );
    expect(signupErrorMessage(new TypeError('x'))).toBe(messages.auth.signupFallback);
  });
});
