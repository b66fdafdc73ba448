import { type ConnectMessage, connectChannel, connectFailures } from '@balas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { shopKeys } from '../api/get-shops.ts';

/**
 * A blank window opened within the merchant's click (pop-up blockers allow it), pointed at the
 * platform once its address is known. Cut off from this page: it reports back on a BroadcastChannel.
 */
export function openAuthorizationWindow(): Window | null {
  const popup = window.open('', '_blank');
  if (popup) popup.opener = null;
  return popup;
}

/** Sends the window to the platform's authorization page; a blocked pop-up gets a new tab instead. */
export function showAuthorization(popup: Window | null, authUrl: string) {
  if (popup) popup.location.href = authUrl;
  else window.open(authUrl, '_blank', 'noopener');
}

const isConnectMessage = (data: unknown): data is ConnectMessage => {
  const m = data as Partial<ConnectMessage> | null;
  return (
    (m?.type === 'connected' && typeof m.shopId === 'string') ||
    (m?.type === 'failed' && connectFailures.some((f) => f === m.reason))
  );
};

/**
 * Hears how an authorization window ended (its `/connected` page tells every tab of this origin), and
 * refreshes the shops. `onOutcome` may then move the merchant on.
 */
export function useAuthorizationOutcome(onOutcome?: (message: ConnectMessage) => void) {
  const client = useQueryClient();
  const latest = useRef(onOutcome);
  latest.current = onOutcome;
  useEffect(() => {
    const handle = (data: unknown) => {
      if (!isConnectMessage(data)) return;
      void client.invalidateQueries({ queryKey: shopKeys.all });
      latest.current?.(data);
    };
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(connectChannel);
    if (channel) channel.onmessage = (event) => handle(event.data);
    // A window that kept its opener may post directly: only our own origin is heard.
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) handle(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => {
      channel?.close();
      window.removeEventListener('message', onMessage);
    };
  }, [client]);
}
