import type { ResponseWindowSetting, Shop } from '@balas/contracts';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const key = (shopId: string) => ['response-window', shopId] as const;

/** Each marketplace shop's reply window for the countdown: the platform's rule, or its own hours. */
export const useResponseWindows = (shops: Shop[], enabled: boolean) =>
  useQueries({
    queries: shops.map((shop) => ({
      queryKey: key(shop.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<ResponseWindowSetting>(`/inbox/response-windows/${shop.id}`, { signal }),
      enabled,
    })),
  });

export function useSaveResponseWindow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, hours }: { shopId: string; hours: number | null }) =>
      api<ResponseWindowSetting>(`/inbox/response-windows/${shopId}`, { method: 'PUT', body: { hours } }),
    onSuccess: (setting) => {
      client.setQueryData(key(setting.shopId), setting);
      void client.invalidateQueries({ queryKey: ['inbox', 'list'] });
    },
  });
}
