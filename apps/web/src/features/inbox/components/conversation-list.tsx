import { channelOf, channels, messages, type Shop } from '@balas/contracts';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { format } from 'date-fns';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useChannel, useRealtimeState } from '../../../lib/realtime.ts';
import { type ConversationRow, useConversations, useToggleConversationBot } from '../api/conversations.ts';
import { botAnswers, ConversationChip } from './conversation-chip.tsx';

export const chatPath = (shop: Shop, row: ConversationRow) =>
  `/chat/${channelOf(shop.providerName).routeSegment}/${shop.id}/${encodeURIComponent(row.externalId)}?name=${encodeURIComponent(row.name || 'Name')}&id=${encodeURIComponent(row.customerId || 'ID')}`;

/** The shop's conversations on its detail page: live, newest first, virtualized, infinite. */
export function ConversationList({ shop }: { shop: Shop }) {
  const list = useConversations(shop);
  useChannel(channels.shop(shop.id));
  const toggle = useToggleConversationBot(shop);
  const connection = useRealtimeState();
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const parent = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 76,
    overscan: 8,
  });
  const items = virtual.getVirtualItems();
  const last = items.at(-1);

  useEffect(() => {
    if (last && last.index >= rows.length - 5 && list.hasNextPage && !list.isFetchingNextPage)
      void list.fetchNextPage();
  }, [last, rows.length, list]);

  return (
    <Card>
      <CardContent sx={{ p: 0, '&:last-child': { pb: 0 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography variant="h6" component="h2">
            Conversations
          </Typography>
          {connection === 'reconnecting' && <Chip size="small" color="warning" label="Reconnecting…" />}
        </Stack>
        {list.error && <Alert severity="error">{(list.error as Error).message}</Alert>}
        {list.isLoading && (
          <Box sx={{ p: 3, textAlign: 'center' }}>
            <CircularProgress size={28} />
          </Box>
        )}
        {!list.isLoading && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, pb: 3 }}>
            {messages.chat.noChat}
          </Typography>
        )}
        <Box ref={parent} sx={{ maxHeight: 480, overflowY: 'auto' }} role="list" aria-label="Conversations">
          <Box sx={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <Box
                  key={row.id}
                  role="listitem"
                  data-conversation={row.externalId}
                  sx={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: item.size,
                    transform: `translateY(${item.start}px)`,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1.5,
                    px: 2,
                    borderTop: 1,
                    borderColor: 'divider',
                    bgcolor: row.newMsg ? '#f1fbf6' : 'transparent',
                  }}
                >
                  <Badge
                    color="error"
                    variant="dot"
                    invisible={!row.newMsg}
                    overlap="circular"
                    aria-label={row.newMsg ? 'New message' : undefined}
                  >
                    <Avatar sx={{ bgcolor: 'primary.main' }}>
                      {(row.name || '?').slice(0, 1).toUpperCase()}
                    </Avatar>
                  </Badge>
                  <Box
                    component={Link}
                    to={chatPath(shop, row)}
                    sx={{ flex: 1, minWidth: 0, textDecoration: 'none', color: 'inherit' }}
                  >
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography sx={{ fontWeight: row.newMsg ? 700 : 600 }} noWrap>
                        {row.name || row.customerId}
                      </Typography>
                      <ConversationChip row={row} shopBotOn={shop.defaultBotStatus} />
                    </Stack>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {row.latestText}
                    </Typography>
                  </Box>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: { xs: 'none', sm: 'block' }, whiteSpace: 'nowrap' }}
                  >
                    {row.latestAt ? format(row.latestAt, 'd-MMM hh:mm a') : ''}
                  </Typography>
                  <Switch
                    size="small"
                    checked={botAnswers(row, shop.defaultBotStatus)}
                    onChange={() =>
                      toggle.mutate({
                        externalId: row.externalId,
                        status: !botAnswers(row, shop.defaultBotStatus),
                      })
                    }
                    slotProps={{ input: { 'aria-label': `Chatbot for ${row.name || row.customerId}` } }}
                  />
                </Box>
              );
            })}
          </Box>
          {list.isFetchingNextPage && (
            <Box sx={{ p: 2, textAlign: 'center' }}>
              <CircularProgress size={20} />
            </Box>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
