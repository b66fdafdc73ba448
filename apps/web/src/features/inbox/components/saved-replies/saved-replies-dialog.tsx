import { inboxWords, limits, type SavedReply, savedReplyBody } from '@balas/contracts';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSavedReplies, useSavedReplyMutations } from '../../api/saved-replies.ts';

interface Draft {
  id: string | null;
  shortcut: string;
  text: string;
}

type Errors = Partial<Record<'shortcut' | 'text' | 'form', string>>;

/** Checks a draft with the contract's rules; the server checks them again (and the shortcut's uniqueness). */
export function draftErrors(draft: Pick<Draft, 'shortcut' | 'text'>): Errors {
  const parsed = savedReplyBody.safeParse({ shortcut: draft.shortcut, text: draft.text });
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'shortcut' || field === 'text') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Create, edit and delete the merchant's saved replies; opened from the reply box or a sent message. */
export function SavedRepliesDialog({
  open,
  onClose,
  initialText,
}: {
  open: boolean;
  onClose: () => void;
  /** A sent message to save as a new reply. */
  initialText?: string | undefined;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const replies = useSavedReplies(open);
  const { create, update, remove } = useSavedReplyMutations();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const [seeded, setSeeded] = useState<string | undefined>(undefined);

  // A message to save opens the form filled with it.
  if (open && initialText && seeded !== initialText) {
    setSeeded(initialText);
    setDraft({ id: null, shortcut: '', text: initialText.slice(0, limits.savedReply.textMax) });
    setErrors({});
  }
  if (!open && seeded !== undefined) setSeeded(undefined);

  const close = () => {
    setDraft(null);
    setErrors({});
    onClose();
  };

  const save = () => {
    if (!draft) return;
    const body = { shortcut: draft.shortcut.trim(), text: draft.text };
    const found = draftErrors(body);
    setErrors(found);
    if (Object.keys(found).length) return;
    const done = {
      onSuccess: () => {
        setDraft(null);
        setErrors({});
        if (initialText) close();
      },
      onError: (err: Error) => {
        const fields = err instanceof ApiError ? err.fields : {};
        setErrors({
          shortcut:
            fields.shortcut ?? (err instanceof ApiError && err.status === 409 ? err.message : undefined),
          text: fields.text,
          form:
            fields.shortcut || fields.text || (err instanceof ApiError && err.status === 409)
              ? undefined
              : err.message,
        });
      },
    };
    if (draft.id) update.mutate({ id: draft.id, ...body }, done);
    else create.mutate(body, done);
  };

  const busy = create.isPending || update.isPending;
  const list = replies.data ?? [];

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="saved-replies-title"
    >
      <DialogTitle id="saved-replies-title">{inboxWords.savedReplies.title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {inboxWords.savedReplies.hint}
        </Typography>
        {draft ? (
          <Stack
            spacing={2}
            component="form"
            aria-label={draft.id ? inboxWords.savedReplies.edit : inboxWords.savedReplies.add}
            onSubmit={(e) => {
              e.preventDefault();
              save();
            }}
          >
            <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
              {draft.id ? inboxWords.savedReplies.edit : inboxWords.savedReplies.add}
            </Typography>
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
            <TextField
              label={inboxWords.savedReplies.shortcut}
              value={draft.shortcut}
              onChange={(e) => setDraft({ ...draft, shortcut: e.target.value.toLowerCase() })}
              error={!!errors.shortcut}
              helperText={errors.shortcut ?? inboxWords.savedReplies.shortcutHint}
              autoFocus
              slotProps={{
                input: { startAdornment: <Typography color="text.secondary">/</Typography> },
                htmlInput: { maxLength: limits.savedReply.shortcutMax },
              }}
            />
            <TextField
              label={inboxWords.savedReplies.text}
              value={draft.text}
              onChange={(e) => setDraft({ ...draft, text: e.target.value })}
              error={!!errors.text}
              helperText={errors.text ?? `${draft.text.length} / ${limits.savedReply.textMax}`}
              multiline
              minRows={3}
              maxRows={10}
              slotProps={{ htmlInput: { maxLength: limits.savedReply.textMax } }}
            />
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => (initialText ? close() : setDraft(null))} disabled={busy}>
                {inboxWords.savedReplies.cancel}
              </Button>
              <Button type="submit" variant="contained" loading={busy}>
                {inboxWords.savedReplies.save}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <>
            <Button
              startIcon={<AddRounded />}
              variant="outlined"
              onClick={() => {
                setDraft({ id: null, shortcut: '', text: '' });
                setErrors({});
              }}
            >
              {inboxWords.savedReplies.add}
            </Button>
            {replies.isLoading && (
              <Box sx={{ textAlign: 'center', py: 3 }}>
                <CircularProgress size={24} />
              </Box>
            )}
            {replies.error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {replies.error.message}
              </Alert>
            )}
            {replies.isSuccess && list.length === 0 && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {inboxWords.savedReplies.empty}
              </Typography>
            )}
            <List aria-label={inboxWords.savedReplies.title}>
              {list.map((reply) => (
                <ListItem
                  key={reply.id}
                  divider
                  secondaryAction={
                    <Stack direction="row">
                      <IconButton
                        aria-label={`${inboxWords.savedReplies.edit} /${reply.shortcut}`}
                        onClick={() => {
                          setDraft({ id: reply.id, shortcut: reply.shortcut, text: reply.text });
                          setErrors({});
                        }}
                      >
                        <EditOutlined />
                      </IconButton>
                      <IconButton
                        aria-label={`${inboxWords.savedReplies.delete} /${reply.shortcut}`}
                        onClick={() => setDeleting(reply)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Stack>
                  }
                  sx={{ pr: 12 }}
                >
                  <ListItemText
                    primary={`/${reply.shortcut}`}
                    secondary={reply.text}
                    slotProps={{
                      primary: { sx: { fontWeight: 700 } },
                      secondary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } },
                    }}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{inboxWords.savedReplies.close}</Button>
      </DialogActions>
      <ConfirmDialog
        open={!!deleting}
        message={deleting ? inboxWords.savedReplies.deleteConfirm(deleting.shortcut) : ''}
        confirmLabel={inboxWords.savedReplies.delete}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Dialog>
  );
}
