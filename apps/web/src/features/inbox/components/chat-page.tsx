import {
  channels,
  events,
  type LazadaMessage,
  messages,
  type Shop,
  type ShopeeMessage,
} from '@balas/contracts';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import MenuIcon from '@mui/icons-material/Menu';
import Send from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  Snackbar,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useChannel, useRealtimeState } from '../../../lib/realtime.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { useShops } from '../../shops/api/get-shops.ts';
import { useConversations, useToggleConversationBot } from '../api/conversations.ts';
import {
  type Bubble,
  fromLazadaMessage,
  fromShopeeMessage,
  messagesKey,
  upsertBubble,
  useMessages,
  useSendReply,
} from '../api/messages.ts';
import { ChatSidebar } from './chat-sidebar.tsx';
import { MessageContent } from './message-content.tsx';

/** /chat/shopee/{shopId}/{chatId} and /chat/lazada/{shopId}/{chatId} (spec §2). */
export function ChatPage() {
  const { shopId, chatId = '' } = useParams();
  const shops = useShops();
  if (!tokenStore.get()) return <Navigate to="/login" replace />;
  if (shops.isLoading) return null;
  const shop = shops.data?.find((s) => s.id === shopId);
  if (!shop) return <Navigate to="/dashboard/shops" replace />;
  return <Chat key={`${shop.id}:${chatId}`} shop={shop} conversation={chatId} />;
}

function Chat({ shop, conversation }: { shop: Shop; conversation: string }) {
  const [search] = useSearchParams();
  const name = search.get('name') || 'Name';
  const customerId = search.get('id') || 'ID';
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [sidebar, setSidebar] = useState(desktop);
  const chat = useMessages(shop, conversation);
  const client = useQueryClient();
  const { send, retry } = useSendReply(shop, conversation);
  const [text, setText] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const connection = useRealtimeState();
  const lazada = shop.providerName === 'lazada';
  const bubbles = (chat.data?.pages ?? [])
    .slice()
    .reverse()
    .flatMap((p) => p.bubbles);
  const bottom = useRef<HTMLDivElement>(null);

  const list = useConversations(shop);
  const row = list.data?.pages.flatMap((p) => p.rows).find((r) => r.externalId === conversation);
  const toggle = useToggleConversationBot(shop);

  const onMessage = useCallback(
    (payload: { conversationId: string; shopId: string; message: ShopeeMessage | LazadaMessage }) => {
      if (payload.conversationId !== conversation || payload.shopId !== shop.id) return;
      const bubble =
        'session_id' in payload.message
          ? fromLazadaMessage(payload.message)
          : fromShopeeMessage(payload.message);
      client.setQueryData(
        messagesKey(shop.id, conversation),
        (data: InfiniteData<{ bubbles: Bubble[]; next: string }, string> | undefined) =>
          upsertBubble(data, bubble),
      );
    },
    [client, conversation, shop.id],
  );
  useChannel(channels.messages(conversation), events.message, onMessage);

  const newest = bubbles.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message changes
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    setText('');
    send.mutate(message, { onError: (err) => setAlert((err as Error).message) });
  };

  const loadEarlier = async () => {
    if (!chat.hasNextPage) {
      setAlert(messages.chat.noEarlier);
      return;
    }
    await chat.fetchNextPage();
  };

  return (
    <Box sx={{ display: 'flex', height: '100dvh', bgcolor: 'background.default' }}>
      {sidebar && (
        <ChatSidebar
          shop={shop}
          current={conversation}
          onClose={desktop ? undefined : () => setSidebar(false)}
        />
      )}
      <Box
        sx={{ flex: 1, display: sidebar && !desktop ? 'none' : 'flex', flexDirection: 'column', minWidth: 0 }}
      >
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            px: 1.5,
            py: 1,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tooltip title={sidebar ? 'Hide conversations' : 'Show conversations'}>
            <IconButton aria-label="Conversations" onClick={() => setSidebar(!sidebar)}>
              {sidebar ? <ChevronLeft /> : <MenuIcon />}
            </IconButton>
          </Tooltip>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {customerId}
            </Typography>
          </Box>
          {connection === 'reconnecting' && <Chip size="small" color="warning" label="Reconnecting…" />}
          {row?.isAgent && <Chip size="small" color="warning" label="Transferred to Agent" />}
          <FormControlLabel
            sx={{ m: 0 }}
            labelPlacement="start"
            label={<Typography variant="body2">Chatbot Status</Typography>}
            control={
              <Switch
                checked={row?.isEnable === true}
                disabled={!row}
                onChange={() => toggle.mutate({ externalId: conversation, status: !row?.isEnable })}
              />
            }
          />
        </Stack>
        {row?.isAgent && row.handoverReason && (
          <Alert severity="warning" sx={{ borderRadius: 0 }}>
            Handed over to you: {row.handoverReason}. The bot stays quiet here until you switch it back on.
          </Alert>
        )}
        <Box
          sx={{ flex: 1, overflowY: 'auto', px: { xs: 1.5, sm: 3 }, py: 2 }}
          role="log"
          aria-label="Messages"
        >
          {!lazada && bubbles.length > 0 && (
            <Box sx={{ textAlign: 'center', mb: 1 }}>
              <IconButton
                aria-label="Load earlier messages"
                onClick={loadEarlier}
                disabled={chat.isFetchingNextPage}
              >
                {chat.isFetchingNextPage ? <CircularProgress size={20} /> : <ArrowUpward />}
              </IconButton>
            </Box>
          )}
          {chat.isLoading && (
            <Box sx={{ textAlign: 'center', py: 4 }}>
              <CircularProgress />
            </Box>
          )}
          {!chat.isLoading && bubbles.length === 0 && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6, maxWidth: 520, mx: 'auto' }}>
              {messages.chat.noChat}
            </Typography>
          )}
          <Stack spacing={1.25}>
            {bubbles.map((b) => (
              <MessageBubble key={b.id} bubble={b} lazada={lazada} onRetry={() => retry.mutate(b.id)} />
            ))}
          </Stack>
          <div ref={bottom} />
        </Box>
        <Box
          component="form"
          onSubmit={submit}
          sx={{
            display: 'flex',
            gap: 1,
            p: 1.5,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <TextField
            placeholder={messages.chat.placeholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            size="small"
            multiline
            maxRows={4}
            slotProps={{ htmlInput: { 'aria-label': 'Message', maxLength: 2000 } }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
          />
          <IconButton
            type="submit"
            color="primary"
            aria-label="Send"
            disabled={!text.trim() || send.isPending}
          >
            <Send />
          </IconButton>
        </Box>
      </Box>
      <Snackbar open={!!alert} autoHideDuration={3000} onClose={() => setAlert(null)} message={alert} />
    </Box>
  );
}

function MessageBubble({
  bubble,
  lazada,
  onRetry,
}: {
  bubble: Bubble;
  lazada: boolean;
  onRetry: () => void;
}) {
  const mine = bubble.sender !== 'customer';
  return (
    <Box
      sx={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: { xs: '88%', sm: '70%' } }}
      data-sender={bubble.sender}
    >
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          bgcolor: mine ? (bubble.sender === 'bot' ? '#e3f5ec' : '#42b883') : 'background.paper',
          color: mine && bubble.sender === 'agent' ? '#fff' : 'text.primary',
          border: mine ? 0 : 1,
          borderColor: 'divider',
          opacity: bubble.status === 'pending' ? 0.7 : 1,
        }}
      >
        <MessageContent bubble={bubble} lazada={lazada} />
      </Box>
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ alignItems: 'center', justifyContent: mine ? 'flex-end' : 'flex-start', mt: 0.25 }}
      >
        {mine && (
          <Chip
            size="small"
            label={bubble.sender === 'bot' ? 'AI' : 'CS'}
            color={bubble.sender === 'bot' ? 'primary' : 'default'}
            sx={{ height: 18, fontSize: 11 }}
          />
        )}
        <Typography variant="caption" color="text.secondary">
          {format(bubble.at, 'd-MMM hh:mm a')}
        </Typography>
        {bubble.status === 'pending' && <Typography variant="caption">Sending…</Typography>}
      </Stack>
      {bubble.status === 'failed' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="caption" color="error">
            Not sent{bubble.error ? `: ${bubble.error}` : ''}
          </Typography>
          <Button size="small" color="error" onClick={onRetry}>
            Retry
          </Button>
        </Stack>
      )}
    </Box>
  );
}
