import type {
  ForgotPasswordBody,
  Merchant,
  ResetPasswordBody,
  SessionAnswer,
  SigninBody,
  SignupBody,
} from '@balas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { closeRealtime } from '../../../lib/realtime.ts';
import { tokenStore } from '../../../lib/token.ts';

export const signIn = async (body: SigninBody) => {
  const session = await api<SessionAnswer>('/signin', { method: 'POST', body });
  tokenStore.set(session.accessToken);
  return session;
};

export const signUp = async (body: SignupBody) => {
  const session = await api<SessionAnswer>('/signup', { method: 'POST', body });
  tokenStore.set(session.accessToken);
  return session;
};

/** Ends the session locally whatever the server answers (spec §2, §4). */
export async function signOut() {
  try {
    await api('/signout');
  } catch {
    // the token is dropped below either way
  } finally {
    tokenStore.clear();
    closeRealtime();
    localStorage.removeItem('shopId');
    queryClient.clear();
  }
}

export const forgotPassword = (body: ForgotPasswordBody) =>
  api<{ message: string }>('/forgot_password', { method: 'POST', body });

export const resetPassword = (body: ResetPasswordBody) =>
  api<{ message: string }>('/reset_password', { method: 'POST', body });

export const meQuery = () => queryOptions({ queryKey: ['me'], queryFn: () => api<Merchant>('/me') });
export const useMe = () => useQuery(meQuery());
