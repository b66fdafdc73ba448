import type { SessionAnswer, SignupBody } from '@balas/contracts';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';

/** `POST /api/signup`: the answer is a session, so signing up logs in (spec §4). */
export const signUp = (body: SignupBody) => api<SessionAnswer>('/signup', { method: 'POST', body });

export const signUpOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: signUp,
    onSuccess: (session) => startSession(client, session.accessToken),
  });

export const useSignUp = () => useMutation(signUpOptions(useQueryClient()));
