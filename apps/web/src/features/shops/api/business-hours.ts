import type { BusinessHours } from '@balas/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const key = (shopId: string) => ['shops', shopId, 'business-hours'] as const;

/** `GET /api/shops/{id}/business-hours`: the shop's hours, or the default it starts from. */
export const businessHoursQuery = (shopId: string) =>
  queryOptions({
    queryKey: key(shopId),
    queryFn: () => api<BusinessHours>(`/shops/${shopId}/business-hours`),
  });

export const useBusinessHours = (shopId: string) => useQuery(businessHoursQuery(shopId));

/** `PUT /api/shops/{id}/business-hours`; the cache takes what the server saved. */
export function useSaveBusinessHours(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessHours) =>
      api<BusinessHours>(`/shops/${shopId}/business-hours`, { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(key(shopId), saved),
  });
}
