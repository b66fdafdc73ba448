import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTitlePrefix } from '../../lib/page-title.ts';
import { connectRealtime } from '../../lib/realtime.ts';
import { openConversationEvent, titleCount, useInboxCounts } from '../../lib/realtime-counts.ts';

/**
 * The dashboard's one realtime subscription and what it keeps live on every page: the counts (and so
 * the tab title, `(3) Shops · Balas`), the Inbox and any open chat. The connection opens once the page
 * has painted, so it never delays the first load.
 */
export function useLiveAttention() {
  const counts = useInboxCounts();
  useTitlePrefix(titleCount(counts.data?.needsYou ?? 0));
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setTimeout(() => void connectRealtime().catch(() => {}), 0);
    return () => clearTimeout(timer);
  }, []);

  // A clicked notification opens its conversation in the Inbox.
  useEffect(() => {
    const open = (e: Event) => navigate(`/inbox?c=${encodeURIComponent(String((e as CustomEvent).detail))}`);
    window.addEventListener(openConversationEvent, open);
    return () => window.removeEventListener(openConversationEvent, open);
  }, [navigate]);
}
