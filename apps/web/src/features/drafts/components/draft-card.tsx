import { type BotDraft, draftWords, glossary, handoverReasonMessage, type InboxRow } from '@balas/contracts';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useState } from 'react';
import { useDraftAction, useDrafts } from '../api/drafts.ts';

function Draft({
  row,
  draft,
  onRow,
  onDone,
  onSent,
}: {
  row: InboxRow;
  draft: BotDraft;
  onRow: (row: InboxRow) => void;
  onDone: (message: string) => void;
  onSent?: (() => void) | undefined;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const action = useDraftAction(row.id, onRow, (kind) => {
    onDone(kind === 'send' ? draftWords.sent : draftWords.discarded);
    if (kind === 'send') onSent?.();
  });
  const busy = action.isPending;
  const run = (kind: 'send' | 'discard', text?: string) =>
    action.mutate({ draftId: draft.id, action: kind, ...(text !== undefined ? { text } : {}) });
  const titleId = `draft-${draft.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ m: 1.5, mb: 0, p: 1.5, borderColor: 'info.main', bgcolor: 'background.paper' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 0.5 }}>
        <Typography
          id={titleId}
          component="h2"
          sx={{ fontWeight: 700, fontSize: 15, flex: 1, minWidth: 160 }}
        >
          {draftWords.composerTitle}
        </Typography>
        <Tooltip title={glossary.confidence(draft.confidence).hint}>
          <Chip size="small" variant="outlined" label={glossary.confidence(draft.confidence).label} />
        </Tooltip>
        {draft.dueAt && row.state === 'draft' && (
          <Chip size="small" variant="outlined" label={draftWords.due(format(draft.dueAt, 'h:mm a'))} />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {draftWords.composerHelp}
        {draft.handover ? ` ${handoverReasonMessage(draft.handover)}.` : ''}
      </Typography>
      {editing === null ? (
        <Box
          sx={{
            whiteSpace: 'pre-wrap',
            bgcolor: 'action.hover',
            borderRadius: 1,
            p: 1.25,
            mb: 1,
            maxHeight: 160,
            overflowY: 'auto',
            overflowWrap: 'anywhere',
          }}
        >
          {draft.text}
        </Box>
      ) : (
        <TextField
          label={draftWords.editLabel}
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          autoFocus
          sx={{ mb: 1 }}
        />
      )}
      {action.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {action.error.message}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {editing === null ? (
          <>
            <Button variant="contained" loading={busy} onClick={() => run('send')}>
              {draftWords.send}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => setEditing(draft.text)}>
              {draftWords.edit}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="contained"
              loading={busy}
              disabled={editing.trim() === ''}
              onClick={() => run('send', editing.trim())}
            >
              {draftWords.sendEdited}
            </Button>
            <Button variant="outlined" disabled={busy} onClick={() => setEditing(null)}>
              {draftWords.cancelEdit}
            </Button>
          </>
        )}
        <Button color="error" disabled={busy} onClick={() => run('discard')} sx={{ ml: 'auto' }}>
          {draftWords.discard}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The chat's waiting draft of the bot, above the reply box: send, edit and send, or discard. */
export function DraftCard({
  row,
  onRow,
  onDone,
  onSent,
}: {
  row: InboxRow;
  /** The row the server answered a send or discard with. */
  onRow: (row: InboxRow) => void;
  onDone: (message: string) => void;
  onSent?: () => void;
}) {
  const drafts = useDrafts(row);
  const draft = drafts.data?.[0];
  if (!draft) return null;
  return <Draft key={draft.id} row={row} draft={draft} onRow={onRow} onDone={onDone} onSent={onSent} />;
}
