import type { QueryClient } from '@tanstack/react-query';
import { closeRealtime } from './realtime.ts';
import { shopIdStore, tokenStore } from './storage.ts';

/** Ends the session in this browser: token, current shop, live connection and every cached answer. */
export function endSession(client: QueryClient) {
  tokenStore.clear();
  shopIdStore.clear();
  closeRealtime();
  client.clear();
}
