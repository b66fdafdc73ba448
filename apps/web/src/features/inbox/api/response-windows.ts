import type { ResponseWindowSetting } from '@balas/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const key = (shopId: string) => ['response-window', shopId] as const;

/** A marketplace shop's reply window for the countdown: the platform's rule, or its own hours. */
export const useResponseWindow = (shopId: string) =>
  useQuery({
    queryKey: key(shopId),
    queryFn: ({ signal }) => api<ResponseWindowSetting>(`/inbox/response-windows/${shopId}`, { signal }),
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
