import type { ResetPasswordBody } from '@balas/contracts';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/reset_password` with the token and e-mail of the mailed link. */
export const resetPassword = (body: ResetPasswordBody) =>
  api<{ message: string }>('/reset_password', { method: 'POST', body });

export const resetPasswordOptions = () => mutationOptions({ mutationFn: resetPassword });

export const useResetPassword = () => useMutation(resetPasswordOptions());
