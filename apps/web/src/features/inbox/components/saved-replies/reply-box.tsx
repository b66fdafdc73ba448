import { inboxWords, limits, messages, type SavedReply } from '@balas/contracts';
import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import Send from '@mui/icons-material/Send';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useMemo, useRef, useState } from 'react';
import { matchSavedReplies, useSavedReplies } from '../../api/saved-replies.ts';

/** The `/word` being typed just before the caret, if any: where it starts and what it says. */
export function slashToken(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)\/([a-z0-9_-]*)$/i.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/** Replaces the `/word` with a saved reply's text; answers the new text and the caret after it. */
export function insertReply(text: string, token: { start: number; query: string }, reply: string) {
  const end = token.start + 1 + token.query.length;
  const next = text.slice(0, token.start) + reply + text.slice(end);
  return { text: next, caret: token.start + reply.length };
}

/**
 * The reply box: Enter sends, Shift+Enter breaks the line. Typing `/` opens the saved replies,
 * filtered as you type; arrows move, Enter or Tab inserts, Escape closes.
 */
export function ReplyBox({
  onSend,
  pending,
  onManage,
  tools,
  onPasteImage,
}: {
  onSend: (text: string) => void;
  pending: boolean;
  onManage: () => void;
  /** The composer's buttons (a picture, a product, a voucher), before the saved replies'. */
  tools?: React.ReactNode;
  /** A picture pasted into the box (the text stays as it was). */
  onPasteImage?: ((file: File) => void) | undefined;
}) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const token = slashToken(text, caret);
  const open = !!token && dismissed !== token.start;
  const replies = useSavedReplies(open);
  const options = useMemo(
    () => (token && replies.data ? matchSavedReplies(replies.data, token.query).slice(0, 8) : []),
    [token?.query, replies.data, token],
  );
  const current = Math.min(active, Math.max(0, options.length - 1));

  const pick = (reply: SavedReply) => {
    if (!token) return;
    const next = insertReply(text, token, reply.text);
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = () => {
    const message = text.trim();
    if (!message || pending) return;
    setText('');
    setCaret(0);
    onSend(message);
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (open && options.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + options.length) % options.length);
        return;
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault();
        pick(options[current]!);
        return;
      }
    }
    if (open && e.key === 'Escape') {
      e.preventDefault();
      setDismissed(token?.start ?? null);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'flex-end',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        gap: 1,
        p: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {open && (
        <Paper
          elevation={6}
          sx={{
            position: 'absolute',
            left: 12,
            right: 12,
            bottom: '100%',
            mb: 0.5,
            maxHeight: 320,
            overflowY: 'auto',
            zIndex: 2,
          }}
        >
          <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block' }}>
            {inboxWords.savedReplies.pickerLabel}
          </Typography>
          <List id={listId} role="listbox" aria-label={inboxWords.savedReplies.pickerLabel} dense>
            {options.map((reply, i) => (
              <ListItemButton
                key={reply.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                selected={i === current}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(reply)}
              >
                <ListItemText
                  primary={`/${reply.shortcut}`}
                  secondary={reply.text}
                  slotProps={{ primary: { sx: { fontWeight: 700 } }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
            {replies.isSuccess && options.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
                {replies.data.length ? inboxWords.savedReplies.noMatch : inboxWords.savedReplies.empty}
              </Typography>
            )}
          </List>
          <Box sx={{ px: 1, pb: 1 }}>
            <Button size="small" onMouseDown={(e) => e.preventDefault()} onClick={onManage}>
              {inboxWords.savedReplies.manage}
            </Button>
          </Box>
        </Paper>
      )}
      {tools && (
        // On a phone the composer's buttons take a row of their own above the text.
        <Box
          sx={{ display: 'flex', gap: 0.5, flexBasis: { xs: '100%', sm: 'auto' }, mb: { xs: -0.5, sm: 0 } }}
        >
          {tools}
        </Box>
      )}
      <Tooltip title={inboxWords.savedReplies.title}>
        <IconButton
          aria-label={inboxWords.savedReplies.title}
          onClick={() => {
            const at = input.current?.selectionStart ?? text.length;
            const before = text.slice(0, at);
            const slash = before && !/\s$/.test(before) ? ' /' : '/';
            const next = before + slash + text.slice(at);
            setText(next);
            setCaret(at + slash.length);
            setDismissed(null);
            requestAnimationFrame(() => {
              input.current?.focus();
              input.current?.setSelectionRange(at + slash.length, at + slash.length);
            });
          }}
        >
          <BookmarkBorderRounded />
        </IconButton>
      </Tooltip>
      <TextField
        inputRef={input}
        placeholder={messages.chat.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart ?? e.target.value.length);
        }}
        onSelect={(e) => setCaret((e.target as HTMLTextAreaElement).selectionStart ?? 0)}
        onKeyDown={onKeyDown}
        onPaste={(e) => {
          const file = [...e.clipboardData.files].find((f) => f.type.startsWith('image/'));
          if (file && onPasteImage) {
            e.preventDefault();
            onPasteImage(file);
          }
        }}
        size="small"
        sx={{ flex: 1, minWidth: 0 }}
        multiline
        maxRows={4}
        slotProps={{
          htmlInput: {
            'aria-label': 'Message',
            maxLength: limits.replyMax,
            role: 'combobox',
            'aria-expanded': open,
            'aria-controls': open ? listId : undefined,
            'aria-autocomplete': 'list',
            'aria-activedescendant': open && options.length ? `${listId}-${current}` : undefined,
          },
        }}
      />
      <IconButton type="submit" color="primary" aria-label="Send" disabled={!text.trim() || pending}>
        <Send />
      </IconButton>
    </Box>
  );
}
