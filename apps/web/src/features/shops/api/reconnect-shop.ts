import { mutationOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/shopee/{id}/reconnect`: a fresh authorization address for a shop whose access lapsed. */
export const reconnectShop = (id: string) =>
  api<{ authUrl: string }>(`/shopee/${id}/reconnect`, { method: 'POST' });

export const reconnectShopOptions = () => mutationOptions({ mutationFn: reconnectShop });

export const useReconnectShop = () => useMutation(reconnectShopOptions());
