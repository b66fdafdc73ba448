import type { PushSettings, PushSettingsBody, PushSubscriptionBody } from '@balas/contracts';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const pushKeys = { settings: ['push'] as const };

/** `GET /api/push`: the shops that notify, quiet hours, the server's VAPID key, how many devices. */
export const getPushSettings = () => api<PushSettings>('/push');
export const pushSettingsQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.settings, queryFn: getPushSettings });
export const usePushSettings = () => useQuery(pushSettingsQueryOptions());

/** `PUT /api/push`: saves the merchant's choices. */
export const savePushSettings = (body: PushSettingsBody) =>
  api<PushSettings>('/push', { method: 'PUT', body });

/** `POST /api/push/subscriptions`: this browser receives pushes. */
export const subscribeBrowser = (body: PushSubscriptionBody) =>
  api<PushSettings>('/push/subscriptions', { method: 'POST', body });

/** `DELETE /api/push/subscriptions`: this browser stops receiving them. */
export const unsubscribeBrowser = (endpoint: string) =>
  api<PushSettings>('/push/subscriptions', { method: 'DELETE', body: { endpoint } });

/** A change whose answer is the new settings: the cache takes it as it is. */
function useSettingsMutation<V>(mutationFn: (vars: V) => Promise<PushSettings>) {
  const client = useQueryClient();
  return useMutation(
    mutationOptions({
      mutationKey: pushKeys.settings,
      mutationFn,
      onSuccess: (settings) => client.setQueryData(pushKeys.settings, settings),
    }),
  );
}
export const useSavePushSettings = () => useSettingsMutation(savePushSettings);
export const useSubscribeBrowser = () => useSettingsMutation(subscribeBrowser);
export const useUnsubscribeBrowser = () => useSettingsMutation(unsubscribeBrowser);
