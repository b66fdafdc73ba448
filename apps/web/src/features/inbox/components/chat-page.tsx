import {
  cardMessages,
  channels,
  type LazadaMessage,
  messages,
  type Shop,
  type ShopeeMessage,
} from '@balas/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import Send from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Chip,
  Drawer,
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
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
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
import { CardShopContext } from './cards/card-shop.ts';
import { chatBubbles } from './chat-log.ts';
import { ChatMessages, type ChatMessagesHandle } from './chat-messages.tsx';
import { ChatSidebar } from './chat-sidebar.tsx';

const ShopperPanel = lazy(() => import('./shopper-panel.tsx').then((m) => ({ default: m.ShopperPanel })));

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
  // The shopper panel: a right column from 960 px, else a sheet opened from the header.
  const wide = useMediaQuery('(min-width:960px)', { noSsr: true });
  const [sheet, setSheet] = useState(false);
  const chat = useMessages(shop, conversation);
  const client = useQueryClient();
  const { send, retry } = useSendReply(shop, conversation);
  const [text, setText] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const connection = useRealtimeState();
  const lazada = shop.providerName === 'lazada';
  const bubbles = useMemo(() => chatBubbles(chat.data?.pages), [chat.data]);
  const log = useRef<ChatMessagesHandle>(null);

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
  useChannel(channels.conversation(shop.id, conversation), 'conversation.message', onMessage);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    setText('');
    // The merchant's own message is always shown, even when they had scrolled up to read.
    log.current?.scrollToEnd();
    send.mutate(message, { onError: (err) => setAlert((err as Error).message) });
  };

  const loadEarlier = async () => {
    if (!chat.hasNextPage) {
      setAlert(messages.chat.noEarlier);
      return;
    }
    await chat.fetchNextPage();
  };

  const panel = (onClose?: () => void) => (
    <Suspense fallback={null}>
      <ShopperPanel
        shop={shop}
        conversation={conversation}
        bubbles={bubbles}
        lazada={lazada}
        onClose={onClose}
      />
    </Suspense>
  );

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
        component="main"
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
            <Typography component="h1" sx={{ fontWeight: 700, fontSize: 16 }} noWrap>
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {customerId}
            </Typography>
          </Box>
          {connection === 'reconnecting' && <Chip size="small" color="warning" label="Reconnecting…" />}
          {!wide && (
            <Tooltip title={cardMessages.panel.open}>
              <IconButton aria-label={cardMessages.panel.open} onClick={() => setSheet(true)}>
                <PersonOutline />
              </IconButton>
            </Tooltip>
          )}
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
        {/* The shop the cards in its messages are looked up in. */}
        <CardShopContext value={shop}>
          <ChatMessages
            ref={log}
            bubbles={bubbles}
            lazada={lazada}
            loading={chat.isLoading}
            showEarlier={!lazada}
            loadingEarlier={chat.isFetchingNextPage}
            onLoadEarlier={() => void loadEarlier()}
            onRetry={(id) => retry.mutate(id)}
          />
        </CardShopContext>
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
      {wide ? (
        <Box
          component="aside"
          aria-label={cardMessages.panel.title}
          sx={{ width: 328, flex: 'none', borderLeft: 1, borderColor: 'divider', overflowY: 'auto' }}
        >
          {panel()}
        </Box>
      ) : (
        <Drawer
          anchor="bottom"
          open={sheet}
          onClose={() => setSheet(false)}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-label': cardMessages.panel.title,
              sx: { maxHeight: '85dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 },
            },
          }}
        >
          {panel(() => setSheet(false))}
        </Drawer>
      )}
      <Snackbar open={!!alert} autoHideDuration={3000} onClose={() => setAlert(null)} message={alert} />
    </Box>
  );
}
