import type { QueryClient } from '@tanstack/react-query';
import { closeRealtime } from './realtime.ts';
import { shopIdStore, tokenStore } from './storage.ts';

/** Starts a session: the token is stored and nothing cached for a previous merchant survives. */
export function startSession(client: QueryClient, accessToken: string) {
  client.clear();
  tokenStore.set(accessToken);
}

/** Ends the session in this browser: token, current shop, live connection and every cached answer. */
export function endSession(client: QueryClient) {
  tokenStore.clear();
  shopIdStore.clear();
  closeRealtime();
  client.clear();
}
