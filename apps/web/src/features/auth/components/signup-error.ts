import { messages } from '@balas/contracts';
import { ApiError } from '../../../lib/api-client.ts';

/** Spec §8: a message containing 'user already exist' becomes the portal's text; anything else the fallback. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const said = [error.message, ...Object.values(error.fields)].join(' ');
    if (said.includes(messages.auth.userExists)) return messages.auth.userExistsShown;
  }
  return messages.auth.signupFallback;
}

export const isDuplicateUser = (error: unknown) =>
  signupErrorMessage(error) === messages.auth.userExistsShown;
