import { replace } from 'react-router';
import { queryClient } from '../../../lib/query-client.ts';
import { inboxCountsQuery } from '../../../lib/realtime-counts.ts';
import { defaultInboxView, inboxAddressOf, inboxListQuery } from './inbox.ts';

/**
 * The Inbox's first data, for the router's loader: the list the address names. An address without a
 * view is sent on to the default one (Needs you when something does) once the counts say which.
 */
export async function prefetchInbox(url: URL): Promise<Response | null> {
  const address = inboxAddressOf(url.searchParams);
  if (!address.view) {
    const counts = await queryClient.fetchQuery(inboxCountsQuery()).catch(() => null);
    // Without counts the page chooses, as it does after any navigation.
    if (!counts) return null;
    const params = new URLSearchParams(url.searchParams);
    params.set('view', defaultInboxView(counts.needsYou));
    return replace(`${url.pathname}?${params}`);
  }
  await queryClient.prefetchInfiniteQuery(inboxListQuery({ ...address, view: address.view }));
  return null;
}
