import { type InboxRow, inboxWords } from '@balas/contracts';
import { format, isToday } from 'date-fns';
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Hint } from '../../../../components/hint/hint.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { VirtualRows } from '../../../../components/virtual-rows.tsx';
import { countText } from '../../../../lib/realtime-counts.ts';
import { ProviderAvatar, providerLabel } from '../../../shops/components/provider-badge.tsx';
import type { useInboxList } from '../../api/inbox.ts';
import { countdownOf, describeState, wakeTime } from '../states/inbox-state.ts';
import css from './inbox-row.module.css';

/** The current time, moved on every `ms` (for countdowns). */
export function useNow(ms = 30_000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const when = (iso: string) => (isToday(iso) ? format(iso, 'h:mm a') : format(iso, 'd MMM'));
const from = (row: InboxRow) =>
  row.lastFrom === 'bot' ? inboxWords.fromBot : row.lastFrom === 'staff' ? inboxWords.fromStaff : '';

/**
 * The row's state, as the state chip (../states/state-chip.tsx) draws it, in static class names: a row
 * is drawn many times over on a phone's first screen, and MUI's Chip is styled at run time.
 */
function RowStateChip({ row }: { row: InboxRow }) {
  const state = describeState(row);
  const chip = (
    <span
      className={`${css.chip} ${css[state.color]}`}
      data-state={row.state}
      aria-description={state.reason ?? undefined}
    >
      <span className={css.chipLabel}>{state.label}</span>
    </span>
  );
  return state.reason ? <Hint title={state.reason}>{chip}</Hint> : chip;
}

/**
 * One conversation in the Inbox: shop and channel, shopper, last message, time, unread, state, countdown.
 * Memoized: the list re-renders as its reads start and end (the live connection's first read), and a
 * row whose data did not change (the cache keeps unchanged rows' objects) is not drawn again.
 */
export const InboxRowItem = memo(function InboxRowItem({
  row,
  href,
  selected,
  now,
}: {
  row: InboxRow;
  href: string;
  selected: boolean;
  now: number;
}) {
  const countdown =
    row.state === 'needs_you' || row.state === 'bot' || row.state === 'waiting'
      ? countdownOf(row, now)
      : null;
  const unread = row.unreadCount > 0;
  return (
    <Link
      to={href}
      aria-current={selected ? 'true' : undefined}
      data-conversation-id={row.id}
      className={unread ? `${css.row} ${css.unread}` : css.row}
    >
      <span className={css.avatar}>
        <span className={css.initial} aria-hidden>
          {(row.shopperName || '?').slice(0, 1).toUpperCase()}
        </span>
        <span className={css.mark} aria-hidden>
          <ProviderAvatar provider={row.channel} size={18} />
        </span>
      </span>
      <span className={css.text}>
        <span className={`${css.line} ${css.top}`}>
          <span className={`${css.name} ${css.clip}`}>{row.shopperName || row.externalId}</span>
          <span className={`${css.caption} ${css.time}`}>{when(row.lastMessageAt)}</span>
        </span>
        <span className={`${css.caption} ${css.clip}`} style={{ display: 'block' }}>
          {row.shopName} · {providerLabel(row.channel)}
        </span>
        <span className={css.line}>
          <span className={`${css.message} ${css.clip}`}>
            {from(row)}
            {row.lastMessage}
          </span>
          {unread && (
            // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the element and label the row always had (axe passes it)
            <span className={css.count} aria-label={inboxWords.unread(row.unreadCount)}>
              {countText(row.unreadCount)}
            </span>
          )}
        </span>
        <span className={`${css.line} ${css.states}`}>
          <RowStateChip row={row} />
          {row.state === 'snoozed' && row.snoozedUntil && (
            <Hint title={inboxWords.wakesHint}>
              <span className={`${css.caption} ${css.hint}`} data-testid="wakes">
                {inboxWords.wakes(wakeTime(row.snoozedUntil))}
              </span>
            </Hint>
          )}
          {countdown && (
            <Hint title={inboxWords.countdownHint(providerLabel(row.channel))}>
              <span
                className={`${css.caption} ${css.countdown}${countdown.late ? ` ${css.late}` : countdown.urgent ? ` ${css.urgent}` : ''}`}
                data-testid="countdown"
              >
                {countdown.text}
              </span>
            </Hint>
          )}
        </span>
      </span>
    </Link>
  );
});

const ROW_HEIGHT = 108;

/** The Inbox's rows, virtualized and loaded page by page as the merchant scrolls. */
export function InboxList({
  list,
  emptyText,
  hrefOf,
  selectedId,
}: {
  list: ReturnType<typeof useInboxList>;
  emptyText: string;
  hrefOf: (row: InboxRow) => string;
  selectedId: string | null;
}) {
  const now = useNow();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const parent = useRef<HTMLDivElement>(null);

  return (
    // biome-ignore lint/a11y/useSemanticElements: the scrolling box of virtual rows, each positioned in a box of its own
    <div
      ref={parent}
      className={css.list}
      role="list"
      aria-label="Conversations"
      // Busy while rows are being loaded into view, not while the shown ones are read again in the
      // background (the live connection's re-read on connecting, an event's): reading isFetching here
      // would draw the whole Inbox twice for every such read (the page holds the query).
      aria-busy={list.isLoading || list.isFetchingNextPage}
    >
      {list.error && (
        <p role="alert" className={css.error}>
          {list.error.message}
        </p>
      )}
      {list.isLoading && (
        <div className={css.loading}>
          <Spinner size={28} label="Loading conversations" />
        </div>
      )}
      {list.isSuccess && rows.length === 0 && (
        // biome-ignore lint/a11y/useSemanticElements: the list's one item when it has no rows (its parent is a div)
        <p className={css.empty} role="listitem">
          {emptyText}
        </p>
      )}
      <VirtualRows rows={rows} rowHeight={ROW_HEIGHT} scrollRef={parent} query={list} keyOf={(row) => row.id}>
        {(row) => <InboxRowItem row={row} href={hrefOf(row)} selected={row.id === selectedId} now={now} />}
      </VirtualRows>
    </div>
  );
}
