import type { SessionAnswer, SigninBody } from '@balas/contracts';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

/** `POST /api/signin`. */
export const signIn = (body: SigninBody) => api<SessionAnswer>('/signin', { method: 'POST', body });

/** Stores the access token as `token` on success. */
export const signInOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: signIn,
    onSuccess: (session) => startSession(client, session.accessToken),
  });

export const useSignIn = () => useMutation(signInOptions(useQueryClient()));
