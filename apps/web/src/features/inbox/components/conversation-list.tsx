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
import { format } from 'date-fns';
import { useRef } from 'react';
import { Link } from 'react-router';
import { VirtualRows } from '../../../components/virtual-rows.tsx';
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
            <CircularProgress size={28} aria-label="Loading conversations" />
          </Box>
        )}
        {!list.isLoading && rows.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, pb: 3 }}>
            {messages.chat.noChat}
          </Typography>
        )}
        <Box ref={parent} sx={{ maxHeight: 480, overflowY: 'auto' }} role="list" aria-label="Conversations">
          <VirtualRows
            rows={rows}
            rowHeight={76}
            scrollRef={parent}
            query={list}
            keyOf={(row) => row.id}
            rowAttributes={(row) => ({ 'data-conversation': row.externalId })}
          >
            {(row) => (
              <Box
                sx={{
                  height: '100%',
                  boxSizing: 'border-box',
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
            )}
          </VirtualRows>
        </Box>
      </CardContent>
    </Card>
  );
}
