import type { ForgotPasswordBody } from '@balas/contracts';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/forgot_password`: mails a reset link. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api<{ message: string }>('/forgot_password', { method: 'POST', body });

export const forgotPasswordOptions = () => mutationOptions({ mutationFn: forgotPassword });

export const useForgotPassword = () => useMutation(forgotPasswordOptions());
