import { type InboxRow, inboxWords } from '@balas/contracts';
import { Alert, Avatar, Badge, Box, CircularProgress, Stack, Tooltip, Typography } from '@mui/material';
import { format, isToday } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { VirtualRows } from '../../../../components/virtual-rows.tsx';
import { countText } from '../../../../lib/realtime-counts.ts';
import { ProviderAvatar, providerLabel } from '../../../shops/components/provider-badge.tsx';
import type { useInboxList } from '../../api/inbox.ts';
import { countdownOf, wakeTime } from '../states/inbox-state.ts';
import { StateChip } from '../states/state-chip.tsx';

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

/** One conversation in the Inbox: shop and channel, shopper, last message, time, unread, state, countdown. */
export function InboxRowItem({
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
    <Box
      component={Link}
      to={href}
      aria-current={selected ? 'true' : undefined}
      data-conversation-id={row.id}
      sx={{
        display: 'flex',
        gap: 1.5,
        px: 2,
        py: 1.25,
        height: '100%',
        boxSizing: 'border-box',
        textDecoration: 'none',
        color: 'inherit',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : unread ? '#f1fbf6' : 'background.paper',
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Badge
        overlap="circular"
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        badgeContent={<ProviderAvatar provider={row.channel} size={18} />}
        sx={{ alignSelf: 'flex-start', mt: 0.25 }}
      >
        <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40 }} aria-hidden>
          {(row.shopperName || '?').slice(0, 1).toUpperCase()}
        </Avatar>
      </Badge>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography sx={{ fontWeight: unread ? 800 : 600, flex: 1, minWidth: 0 }} noWrap>
            {row.shopperName || row.externalId}
          </Typography>
          <Typography
            variant="caption"
            color={unread ? 'primary.dark' : 'text.secondary'}
            sx={{ whiteSpace: 'nowrap', fontWeight: unread ? 700 : 400 }}
          >
            {when(row.lastMessageAt)}
          </Typography>
        </Stack>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {row.shopName} · {providerLabel(row.channel)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            variant="body2"
            color={unread ? 'text.primary' : 'text.secondary'}
            noWrap
            sx={{ flex: 1, minWidth: 0 }}
          >
            {from(row)}
            {row.lastMessage}
          </Typography>
          {unread && (
            <Box
              aria-label={inboxWords.unread(row.unreadCount)}
              sx={{
                minWidth: 20,
                height: 20,
                px: 0.75,
                borderRadius: 10,
                bgcolor: 'primary.main',
                color: '#fff',
                fontSize: 12,
                fontWeight: 700,
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {countText(row.unreadCount)}
            </Box>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, minWidth: 0 }}>
          <StateChip row={row} />
          {row.state === 'snoozed' && row.snoozedUntil && (
            <Tooltip title={inboxWords.wakesHint}>
              <Typography
                variant="caption"
                data-testid="wakes"
                sx={{ fontWeight: 600, whiteSpace: 'nowrap', color: 'text.secondary' }}
              >
                {inboxWords.wakes(wakeTime(row.snoozedUntil))}
              </Typography>
            </Tooltip>
          )}
          {countdown && (
            <Tooltip title={inboxWords.countdownHint(providerLabel(row.channel))}>
              <Typography
                variant="caption"
                data-testid="countdown"
                sx={{
                  fontWeight: 700,
                  whiteSpace: 'nowrap',
                  color: countdown.late ? 'error.main' : countdown.urgent ? 'warning.dark' : 'text.secondary',
                }}
              >
                {countdown.text}
              </Typography>
            </Tooltip>
          )}
        </Stack>
      </Box>
    </Box>
  );
}

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
    <Box
      ref={parent}
      sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}
      role="list"
      aria-label="Conversations"
      aria-busy={list.isFetching}
    >
      {list.error && (
        <Alert severity="error" sx={{ m: 2 }}>
          {list.error.message}
        </Alert>
      )}
      {list.isLoading && (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress size={28} aria-label="Loading conversations" />
        </Box>
      )}
      {list.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} role="listitem">
          {emptyText}
        </Typography>
      )}
      <VirtualRows rows={rows} rowHeight={ROW_HEIGHT} scrollRef={parent} query={list} keyOf={(row) => row.id}>
        {(row) => <InboxRowItem row={row} href={hrefOf(row)} selected={row.id === selectedId} now={now} />}
      </VirtualRows>
    </Box>
  );
}
