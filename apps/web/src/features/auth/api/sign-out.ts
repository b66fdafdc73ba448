import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { goToSite } from '../../../lib/leave.tsx';
import { closeRealtime } from '../../../lib/realtime.ts';
import { endSession } from '../../../lib/session.ts';

/**
 * `GET /api/signout`: revokes the token on the server. The live connection is closed here first: the
 * server ends a revoked session's connections, and a connection it closes is read as the session
 * ended elsewhere (to the login page), which would race this sign-out's own way out.
 */
export const signOut = () => {
  closeRealtime();
  return api<{ message: string }>('/signout');
};

/** The session ends in the browser whatever the server answers (spec §2, §4). */
export const signOutOptions = (client: QueryClient, leave?: () => void | Promise<void>) =>
  mutationOptions({
    mutationFn: signOut,
    onSettled: async () => {
      try {
        await leave?.();
      } finally {
        endSession(client);
      }
    },
  });

/** Logout: goes to the landing page and ends the session, even when the call fails. */
export function useSignOut() {
  return useMutation(signOutOptions(useQueryClient(), () => goToSite('/', { replace: true })));
}
