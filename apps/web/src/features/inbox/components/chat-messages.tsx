import { inboxWords, messages, writtenTextOf } from '@balas/contracts';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import { Box, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type Ref, useCallback, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { Bubble } from '../api/messages.ts';
import { BUBBLE_GAP_PX, estimateBubbleHeight, FOLLOW_THRESHOLD_PX } from './chat-log.ts';
import { MessageBubble } from './message-bubble.tsx';

/** A sent message's text, which can become a saved reply (null for pictures, cards and failures). */
export function sentText(bubble: Bubble): string | null {
  if (bubble.sender === 'customer' || bubble.status !== 'sent') return null;
  return writtenTextOf(bubble.content) ? (bubble.content as { text: string }).text : null;
}

export interface ChatMessagesHandle {
  /** Shows the newest message (after the merchant sends one). */
  scrollToEnd(): void;
}

/**
 * The conversation's messages, virtualized: only the bubbles on screen (and a few around them) are in
 * the page, so a chat of thousands of messages scrolls like a short one. The list is anchored to its
 * end: it opens on the newest message, follows new ones while the reader is at the bottom, and keeps
 * the message in view where it is when earlier ones are added above it.
 */
export function ChatMessages({
  bubbles,
  loading,
  showEarlier,
  loadingEarlier,
  onLoadEarlier,
  onRetry,
  onSaveAsReply,
  onCorrect,
  ref,
}: {
  bubbles: Bubble[];
  loading: boolean;
  /** The up arrow that loads earlier messages (Shopee pages them; a Lazada chat comes whole). */
  showEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onRetry: (id: string) => void;
  /** Offered on every sent message of the shop's side: makes a saved reply of its text. */
  onSaveAsReply?: ((text: string) => void) | undefined;
  /** Offered on the bot's replies: "Correct this" with the shopper's question before it. */
  onCorrect?: ((question: string, reply: string) => void) | undefined;
  ref?: Ref<ChatMessagesHandle>;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // Where the list starts inside the scroller, below the up arrow.
  const [listTop, setListTop] = useState(0);
  const getItemKey = useCallback((index: number) => bubbles[index]!.id, [bubbles]);
  const estimateSize = useCallback((index: number) => estimateBubbleHeight(bubbles[index]!), [bubbles]);
  const virtual = useVirtualizer({
    count: bubbles.length,
    getScrollElement: () => scroller.current,
    getItemKey,
    estimateSize,
    gap: BUBBLE_GAP_PX,
    paddingEnd: 16,
    scrollMargin: listTop,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: FOLLOW_THRESHOLD_PX,
    overscan: 8,
  });

  useLayoutEffect(() => {
    const top = list.current?.offsetTop ?? 0;
    if (top !== listTop) setListTop(top);
  });

  // Open on the newest message, whether the chat was cached or has just loaded.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || bubbles.length === 0) return;
    opened.current = true;
    virtual.scrollToEnd();
  }, [bubbles.length, virtual]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToEnd() {
        virtual.scrollToEnd();
      },
    }),
    [virtual],
  );

  const items = virtual.getVirtualItems();
  return (
    <Box
      ref={scroller}
      sx={{ flex: 1, overflowY: 'auto', position: 'relative', px: { xs: 1.5, sm: 3 }, pt: 2 }}
      role="log"
      aria-label="Messages"
    >
      {showEarlier && bubbles.length > 0 && (
        <Box sx={{ textAlign: 'center', mb: 1 }}>
          <IconButton aria-label="Load earlier messages" onClick={onLoadEarlier} disabled={loadingEarlier}>
            {loadingEarlier ? (
              <CircularProgress size={20} aria-label="Loading earlier messages" />
            ) : (
              <ArrowUpward />
            )}
          </IconButton>
        </Box>
      )}
      {loading && (
        <Box sx={{ textAlign: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading messages" />
        </Box>
      )}
      {!loading && bubbles.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6, maxWidth: 520, mx: 'auto' }}>
          {messages.chat.noChat}
        </Typography>
      )}
      <Box ref={list} style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const bubble = bubbles[item.index]!;
          const saveable = onSaveAsReply ? sentText(bubble) : null;
          return (
            <Box
              key={bubble.id}
              data-index={item.index}
              ref={virtual.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                display: 'flex',
                justifyContent: bubble.sender === 'customer' ? 'flex-start' : 'flex-end',
                alignItems: 'flex-start',
                transform: `translateY(${item.start - virtual.options.scrollMargin}px)`,
              }}
              sx={{
                '& .save-reply': { opacity: 0 },
                '&:hover .save-reply, & .save-reply:focus-visible': { opacity: 1 },
                '@media (hover: none)': { '& .save-reply': { opacity: 0.7 } },
              }}
            >
              {saveable && (
                <Tooltip title={inboxWords.savedReplies.saveAsReply}>
                  <IconButton
                    className="save-reply"
                    size="small"
                    aria-label={inboxWords.savedReplies.saveAsReply}
                    onClick={() => onSaveAsReply?.(saveable)}
                    sx={{ mr: 0.5, mt: 0.5 }}
                  >
                    <BookmarkAddOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {onCorrect && bubble.sender === 'bot' && saveable !== null && (
                <CorrectButton bubbles={bubbles} index={item.index} reply={saveable} onCorrect={onCorrect} />
              )}
              <MessageBubble bubble={bubble} onRetry={onRetry} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The shopper's message a bot reply answered: the nearest one before it. */
function questionBefore(bubbles: Bubble[], index: number): string | null {
  for (let i = index - 1; i >= 0; i--) {
    const b = bubbles[i]!;
    if (b.sender !== 'customer') continue;
    if (b.content.kind === 'text' && b.content.text.trim()) return b.content.text;
  }
  return null;
}

function CorrectButton({
  bubbles,
  index,
  reply,
  onCorrect,
}: {
  bubbles: Bubble[];
  index: number;
  reply: string;
  onCorrect: (question: string, reply: string) => void;
}) {
  const question = questionBefore(bubbles, index);
  if (question === null) return null;
  return (
    <Tooltip title="Correct this">
      <IconButton
        className="save-reply"
        size="small"
        aria-label="Correct this"
        onClick={() => onCorrect(question, reply)}
        sx={{ mr: 0.5, mt: 0.5 }}
      >
        <RateReviewOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
