import {
  type ComposedMessage,
  cardMessages,
  channelOf,
  channels,
  chatBotWords,
  type InboxRow,
  messages,
  type Shop,
} from '@balas/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import {
  Alert,
  Box,
  Chip,
  Drawer,
  IconButton,
  Snackbar,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useOpenedOnce } from '../../../lib/opened-once.ts';
import { useChannel, useRealtimeState } from '../../../lib/realtime.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { DraftCard } from '../../drafts/components/draft-card.tsx';
import { HandoverSummaryCard } from '../../drafts/components/handover-summary-card.tsx';
import { useShops } from '../../shops/api/get-shops.ts';
import { ApprovedAnswerDialog } from '../../tests/components/lazy-approved-answer-dialog.ts';
import { type ConversationRow, useConversations } from '../api/conversations.ts';
import { useApplyRow, useInboxRow } from '../api/inbox.ts';
import { useMessages, useSendReply } from '../api/messages.ts';
import { CardShopContext } from './cards/card-shop.ts';
import { chatBubbles } from './chat-log.ts';
import { ChatMessages, type ChatMessagesHandle } from './chat-messages.tsx';
import { ChatRating } from './chat-rating.tsx';
import { ChatSidebar } from './chat-sidebar.tsx';
import { ComposerDialogs, type ComposerOpen, ComposerTools } from './composer/composer-tools.tsx';
import { ReplyBox } from './saved-replies/reply-box.tsx';
import { ConversationControls } from './states/conversation-controls.tsx';
import { describeState } from './states/inbox-state.ts';
import { StateChip } from './states/state-chip.tsx';

// The saved replies' manager (with its form's schema), loaded when first opened.
const SavedRepliesDialog = lazy(() =>
  import('./saved-replies/saved-replies-dialog.tsx').then((m) => ({ default: m.SavedRepliesDialog })),
);

const ShopperPanel = lazy(() => import('./shopper-panel.tsx').then((m) => ({ default: m.ShopperPanel })));

/** /chat/shopee/{shopId}/{chatId} and /chat/lazada/{shopId}/{chatId} (spec §2). */
export function ChatPage() {
  const { shopId, chatId = '' } = useParams();
  const [search] = useSearchParams();
  const shops = useShops();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [sidebar, setSidebar] = useState(desktop);
  if (!tokenStore.get()) return <Navigate to="/login" replace />;
  if (shops.isLoading) return null;
  const shop = shops.data?.find((s) => s.id === shopId);
  if (!shop) return <Navigate to="/dashboard/shops" replace />;
  return (
    <Box sx={{ display: 'flex', height: '100dvh', bgcolor: 'background.default' }}>
      {sidebar && (
        <ChatSidebar shop={shop} current={chatId} onClose={desktop ? undefined : () => setSidebar(false)} />
      )}
      <Box component="main" sx={{ flex: 1, display: sidebar && !desktop ? 'none' : 'flex', minWidth: 0 }}>
        <ChatView
          key={`${shop.id}:${chatId}`}
          shop={shop}
          conversation={chatId}
          name={search.get('name') || 'Name'}
          subtitle={search.get('id') || 'ID'}
          leading={
            <Tooltip title={sidebar ? 'Hide conversations' : 'Show conversations'}>
              <IconButton aria-label="Conversations" onClick={() => setSidebar(!sidebar)}>
                {sidebar ? <ChevronLeft /> : <MenuIcon />}
              </IconButton>
            </Tooltip>
          }
        />
      </Box>
    </Box>
  );
}

/**
 * The inbox row of a shop's list row, for a chat opened from the shop's own list: its effective bot
 * switch is the conversation's setting, else the shop's. Resolved and snoozed are known once the
 * Inbox has read or been told the conversation's row.
 */
export function rowFromShopList(shop: Shop, r: ConversationRow): InboxRow {
  const botEnabled = r.isEnable ?? shop.defaultBotStatus;
  const state = r.isAgent ? 'needs_you' : botEnabled ? 'bot' : 'waiting';
  return {
    id: r.id,
    shopId: shop.id,
    shopName: shop.addInformation.name,
    channel: shop.providerName,
    externalId: r.externalId,
    shopperName: r.name,
    lastMessage: r.latestText,
    lastMessageAt: new Date(r.latestAt).toISOString(),
    lastFrom: 'shopper',
    unreadCount: r.newMsg ? 1 : 0,
    state,
    stateReason: null,
    stateReasonText: r.handoverReason,
    botEnabled,
    botInherited: r.isEnable === null,
    snoozedUntil: null,
    replyDueAt: null,
    // Until the Inbox reads the row: the views its state names (the server's row says them all).
    views: ['all', state, ...(r.newMsg ? (['unread'] as const) : [])],
  };
}

/**
 * One conversation: header with its state, bot switch and actions; its messages; the reply box with
 * saved replies. The chat routes show it beside the shop's list; the Inbox beside its own list, or
 * full-screen on a phone with a way back (`leading`).
 */
export function ChatView({
  shop,
  conversation,
  name,
  subtitle,
  row: given,
  leading,
  embedded = false,
}: {
  shop: Shop;
  /** The conversation's platform id. */
  conversation: string;
  name: string;
  /** Under the name: the shopper's id, or the shop and channel. */
  subtitle: string;
  /** The Inbox's row of this conversation, when opened from the Inbox. */
  row?: InboxRow | undefined;
  /** A button before the name: show the list, or go back to it. */
  leading?: React.ReactNode;
  /** Inside a page with its own h1 (the Inbox): the name is a second-level heading. */
  embedded?: boolean;
}) {
  const chat = useMessages(shop, conversation);
  const { send, retry } = useSendReply(shop, conversation);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState<{ text?: string } | null>(null);
  const savingMounted = useOpenedOnce(!!saving);
  const [correcting, setCorrecting] = useState<{ question: string; reply: string } | null>(null);
  const connection = useRealtimeState();
  // A platform whose history has no earlier pages (Lazada lists a session's latest messages).
  const earlier = channelOf(shop.providerName).earlierMessages;
  const bubbles = useMemo(() => chatBubbles(chat.data?.pages), [chat.data]);
  const log = useRef<ChatMessagesHandle>(null);
  useChannel(channels.conversation(shop.id, conversation));
  // The shopper panel: a right column when the chat keeps room to read beside it (in the Inbox the
  // sidebar and the list come first); else, opened from the header, a side panel over the page on a
  // wide screen and a sheet from the bottom on a phone. Either is a modal dialog above everything,
  // the Inbox's full-screen chat on a phone included: focus moves into it, Escape or its close
  // button closes it, and focus goes back to the button that opened it.
  const theme = useTheme();
  const wide = useMediaQuery(embedded ? '(min-width:1536px)' : '(min-width:1200px)', { noSsr: true });
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [sheet, setSheet] = useState(false);
  const panelTitle = useId();
  const panel = (onClose?: () => void) => (
    <Suspense fallback={null}>
      <ShopperPanel
        shop={shop}
        conversation={conversation}
        bubbles={bubbles}
        onClose={onClose}
        titleId={panelTitle}
        onSendOrder={(orderId) => {
          onSend({ type: 'order', content: { orderId } });
          onClose?.();
        }}
      />
    </Suspense>
  );

  // The shop's list row, for a chat opened outside the Inbox.
  const list = useConversations(shop);
  const listed = given
    ? undefined
    : list.data?.pages.flatMap((p) => p.rows).find((r) => r.externalId === conversation);
  const id = given?.id ?? listed?.id ?? '';
  // The row the Inbox read or was told last (actions and events keep it current), else the shop list's.
  const cached = useInboxRow(id, given);
  const applyRow = useApplyRow();
  const row = cached.data ?? (listed ? rowFromShopList(shop, listed) : undefined);
  const state = row ? describeState(row) : null;

  const onSend = (message: string | ComposedMessage) => {
    // The merchant's own message is always shown, even when they had scrolled up to read.
    log.current?.scrollToEnd();
    send.mutate(message, { onError: (err) => setAlert((err as Error).message) });
  };
  const [composing, setComposing] = useState<ComposerOpen>(null);

  const loadEarlier = async () => {
    if (!chat.hasNextPage) {
      setAlert(messages.chat.noEarlier);
      return;
    }
    await chat.fetchNextPage();
  };

  return (
    <Box sx={{ flex: 1, display: 'flex', minWidth: 0, minHeight: 0 }}>
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 }}>
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
            flexWrap: 'wrap',
            rowGap: 0.5,
          }}
        >
          {leading}
          {/* The name keeps its room: the controls move to a line of their own first. */}
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography
                component={embedded ? 'h2' : 'h1'}
                sx={{ fontWeight: 700, fontSize: 16, minWidth: 0 }}
                noWrap
              >
                {name}
              </Typography>
              {row && <StateChip row={row} />}
              {row && <ChatRating conversationId={row.id} state={row.state} />}
            </Stack>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {subtitle}
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
          {row && <ConversationControls shop={shop} row={row} onDone={setAlert} />}
        </Stack>
        {row && state?.reason && row.state === 'needs_you' && (
          <Alert severity="warning" sx={{ borderRadius: 0 }}>
            {state.reason}.{row.stateReason ? ` ${chatBotWords.pausedBanner}` : ''}
          </Alert>
        )}
        {row && <HandoverSummaryCard row={row} />}
        {/* The shop the cards in its messages are looked up in. */}
        <CardShopContext value={shop}>
          <ChatMessages
            ref={log}
            bubbles={bubbles}
            loading={chat.isLoading}
            showEarlier={earlier}
            loadingEarlier={chat.isFetchingNextPage}
            onLoadEarlier={() => void loadEarlier()}
            onRetry={(messageId) => retry.mutate(messageId)}
            onSaveAsReply={(text) => setSaving({ text })}
            onCorrect={(question, reply) => setCorrecting({ question, reply })}
          />
        </CardShopContext>
        {row && <DraftCard row={row} onRow={applyRow} onDone={setAlert} onSent={() => void chat.refetch()} />}
        <ReplyBox
          onSend={onSend}
          pending={send.isPending}
          onManage={() => setSaving({})}
          tools={<ComposerTools shop={shop} disabled={send.isPending} onOpen={setComposing} />}
          onPasteImage={(file) => setComposing({ kind: 'image', file })}
        />
        <ComposerDialogs shop={shop} open={composing} onClose={() => setComposing(null)} onSend={onSend} />
        {savingMounted && (
          <Suspense fallback={null}>
            <SavedRepliesDialog open={!!saving} initialText={saving?.text} onClose={() => setSaving(null)} />
          </Suspense>
        )}
        {correcting && (
          <Suspense fallback={null}>
            <ApprovedAnswerDialog
              shopId={shop.id}
              draft={{ questions: [correcting.question], wrongReply: correcting.reply }}
              onClose={() => setCorrecting(null)}
            />
          </Suspense>
        )}
        <Snackbar open={!!alert} autoHideDuration={3000} onClose={() => setAlert(null)} message={alert} />
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
          anchor={phone ? 'bottom' : 'right'}
          open={sheet}
          onClose={() => setSheet(false)}
          // Above the Inbox's full-screen chat (drawer + 2), as a dialog is.
          sx={{ zIndex: (t) => t.zIndex.modal }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-modal': true,
              'aria-labelledby': panelTitle,
              sx: phone
                ? { maxHeight: '85dvh', borderTopLeftRadius: 16, borderTopRightRadius: 16 }
                : { width: 360, maxWidth: '100vw' },
            },
          }}
        >
          {panel(() => setSheet(false))}
        </Drawer>
      )}
    </Box>
  );
}
