import { channels, limits, messages, type Shop } from '@balas/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ExitToApp from '@mui/icons-material/ExitToApp';
import {
  Badge,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useChannel } from '../../../lib/realtime.ts';
import { useConversations } from '../api/conversations.ts';
import { ConversationChip } from './conversation-chip.tsx';
import { chatPath } from './conversation-list.tsx';

/** The chat viewer's conversation list: search (more than 2 characters), infinite scroll of 20. */
export function ChatSidebar({
  shop,
  current,
  onClose,
}: {
  shop: Shop;
  current: string;
  onClose?: (() => void) | undefined;
}) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(
      () => setSearch(input.trim().length >= limits.conversationSearchMin ? input.trim() : ''),
      300,
    );
    return () => clearTimeout(t);
  }, [input]);
  const list = useConversations(shop, search);
  useChannel(channels.shop(shop.id));
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const sentinel = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && list.hasNextPage && !list.isFetchingNextPage)
        void list.fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [list]);

  return (
    <Box
      component="aside"
      aria-label="Conversations"
      sx={{
        width: { xs: '100%', md: 320 },
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5 }}>
        <Button
          component={Link}
          to={`/dashboard/shops/${shop.providerName}/${shop.id}`}
          startIcon={<ExitToApp />}
          size="small"
        >
          Exit Chat
        </Button>
        <Box sx={{ flex: 1 }} />
        {onClose && (
          <IconButton aria-label="Hide conversations" onClick={onClose}>
            <ChevronLeft />
          </IconButton>
        )}
      </Box>
      <Box sx={{ px: 1.5, pb: 1 }}>
        <TextField
          size="small"
          placeholder="Search conversations"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': 'Search conversations' } }}
        />
      </Box>
      <List sx={{ flex: 1, overflowY: 'auto', py: 0 }}>
        {rows.map((row) => (
          <ListItem key={row.id} disablePadding>
            <ListItemButton
              component={Link}
              to={chatPath(shop, row)}
              selected={row.externalId === current}
              onClick={onClose}
              sx={{ borderTop: 1, borderColor: 'divider', alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    {/* The name gives way (ellipsis) before the state chip leaves the row. */}
                    <Badge
                      color="error"
                      variant="dot"
                      invisible={!row.newMsg}
                      sx={{ minWidth: 0, flexShrink: 1 }}
                    >
                      <Typography sx={{ fontWeight: row.newMsg ? 700 : 500, minWidth: 0 }} noWrap>
                        {row.name || row.customerId}
                      </Typography>
                    </Badge>
                    <Box sx={{ flex: 1 }} />
                    <Box sx={{ flexShrink: 0 }}>
                      <ConversationChip row={row} shopBotOn={shop.defaultBotStatus} />
                    </Box>
                  </Box>
                }
                secondary={row.latestText}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
        <li ref={sentinel} aria-hidden="true" />
        {list.isFetching && (
          <Box component="li" sx={{ textAlign: 'center', py: 2 }}>
            <CircularProgress size={20} aria-label="Loading conversations" />
          </Box>
        )}
        {!list.hasNextPage && !list.isFetching && rows.length > 0 && (
          <Typography
            component="li"
            variant="caption"
            color="text.secondary"
            sx={{ display: 'block', textAlign: 'center', py: 2 }}
          >
            {messages.chat.allLoaded}
          </Typography>
        )}
      </List>
    </Box>
  );
}
