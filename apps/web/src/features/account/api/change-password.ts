import type { ChangePasswordAnswer, ChangePasswordBody } from '@balas/contracts';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/change_password`: this session stays signed in, every other one of the merchant is
 * signed out (their tabs meet a 401 and go to the login page, their live connections are closed).
 */
export const changePassword = (body: ChangePasswordBody) =>
  api<ChangePasswordAnswer>('/change_password', { method: 'POST', body });

export const changePasswordOptions = () =>
  mutationOptions({ mutationKey: ['me', 'password'], mutationFn: changePassword });

export const useChangePassword = () => useMutation(changePasswordOptions());
