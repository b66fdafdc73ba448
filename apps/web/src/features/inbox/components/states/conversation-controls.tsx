import { chatBotWords, type InboxRow, inboxWords, limits, messages, type Shop } from '@balas/contracts';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import SnoozeRounded from '@mui/icons-material/SnoozeRounded';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useId, useState } from 'react';
import { useToggleConversationBot } from '../../api/conversations.ts';
import { applyRow, useInboxAction } from '../../api/inbox.ts';
import { snoozePresets } from './inbox-state.ts';

const local = (d: Date) => format(d, "yyyy-MM-dd'T'HH:mm");

/** Checks a custom snooze time as the server does: in the future, at most 30 days ahead. */
export function snoozeError(value: string, now = new Date()): string | null {
  const at = value ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) return messages.inbox.snoozeTime;
  if (at.getTime() <= now.getTime()) return messages.inbox.snoozePast;
  if (at.getTime() > now.getTime() + limits.inbox.snoozeMaxDays * 86_400_000)
    return messages.inbox.snoozeTooFar;
  return null;
}

/**
 * What the header says of the bot under its switch: quiet while the chat is handed over (as the banner
 * below says), else its setting and whether it follows the shop.
 */
export function botSource(row: Pick<InboxRow, 'state' | 'stateReason' | 'botEnabled' | 'botInherited'>) {
  const w = chatBotWords;
  if (row.state === 'needs_you' && row.stateReason) return w.paused;
  return row.botInherited ? w.followsShop(row.botEnabled) : w.ownSetting(row.botEnabled);
}

/**
 * The bot switch (its effective value, and whether it follows the shop) and the conversation's
 * actions: resolve or reopen, hand back to the bot, snooze (1 hour, tomorrow 9:00, next week, a time).
 */
export function ConversationControls({
  shop,
  row,
  onDone,
}: {
  shop: Shop;
  row: InboxRow;
  /** Said after an action succeeded or failed (a snackbar). */
  onDone: (message: string) => void;
}) {
  const client = useQueryClient();
  const action = useInboxAction();
  const toggle = useToggleConversationBot(shop);
  const [snoozeAnchor, setSnoozeAnchor] = useState<HTMLElement | null>(null);
  const [custom, setCustom] = useState<string | null>(null);
  const menuId = useId();
  const closed = row.state === 'resolved' || row.state === 'snoozed';
  const fail = (err: unknown) => onDone((err as Error).message);

  const run = (kind: 'resolve' | 'reopen' | 'hand-back', done: string) =>
    action.mutate({ id: row.id, action: kind }, { onSuccess: () => onDone(done), onError: fail });
  const snooze = (until: Date) => {
    setSnoozeAnchor(null);
    action.mutate(
      { id: row.id, action: 'snooze', until: until.toISOString() },
      {
        onSuccess: () => onDone(inboxWords.actions.snoozed(format(until, 'd MMM, h:mm a'))),
        onError: fail,
      },
    );
  };
  const presets = snoozePresets(new Date());
  const customError = custom === null ? null : snoozeError(custom);

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {chatBotWords.label}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            data-testid="bot-source"
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {botSource(row)}
          </Typography>
        </Box>
        <Switch
          checked={row.botEnabled}
          disabled={toggle.isPending}
          onChange={() =>
            toggle.mutate(
              { externalId: row.externalId, status: !row.botEnabled },
              {
                // The server's row follows as an event; until then the switch shows what was asked.
                onSuccess: () =>
                  applyRow(client, { ...row, botEnabled: !row.botEnabled, botInherited: false }),
                onError: fail,
              },
            )
          }
          slotProps={{
            input: {
              'aria-label': 'Chatbot Status',
              'aria-description': botSource(row),
            },
          }}
        />
      </Stack>
      {row.state === 'needs_you' && (
        <Tooltip title={inboxWords.actions.handBack}>
          <IconButton
            aria-label={inboxWords.actions.handBack}
            disabled={action.isPending}
            onClick={() => run('hand-back', inboxWords.actions.handedBack)}
          >
            <SmartToyOutlined />
          </IconButton>
        </Tooltip>
      )}
      {!closed && (
        <Tooltip title={inboxWords.actions.snooze}>
          <IconButton
            aria-label={inboxWords.actions.snooze}
            aria-haspopup="menu"
            aria-controls={snoozeAnchor ? menuId : undefined}
            disabled={action.isPending}
            onClick={(e) => setSnoozeAnchor(e.currentTarget)}
          >
            <SnoozeRounded />
          </IconButton>
        </Tooltip>
      )}
      {closed ? (
        <Button
          size="small"
          variant="outlined"
          startIcon={<ReplayRounded />}
          disabled={action.isPending}
          onClick={() => run('reopen', inboxWords.actions.reopened)}
        >
          {inboxWords.actions.reopen}
        </Button>
      ) : (
        <Button
          size="small"
          variant="contained"
          startIcon={<CheckCircleOutline />}
          disabled={action.isPending}
          onClick={() => run('resolve', inboxWords.actions.resolved)}
        >
          {inboxWords.actions.resolve}
        </Button>
      )}
      <Menu id={menuId} anchorEl={snoozeAnchor} open={!!snoozeAnchor} onClose={() => setSnoozeAnchor(null)}>
        <MenuItem onClick={() => snooze(presets.oneHour)}>{inboxWords.snooze.oneHour}</MenuItem>
        <MenuItem onClick={() => snooze(presets.tomorrow)}>{inboxWords.snooze.tomorrow}</MenuItem>
        <MenuItem onClick={() => snooze(presets.nextWeek)}>{inboxWords.snooze.nextWeek}</MenuItem>
        <MenuItem
          onClick={() => {
            setSnoozeAnchor(null);
            setCustom(local(presets.tomorrow));
          }}
        >
          {inboxWords.snooze.custom}
        </MenuItem>
      </Menu>
      <Dialog open={custom !== null} onClose={() => setCustom(null)} fullWidth maxWidth="xs">
        <DialogTitle>{inboxWords.snooze.customTitle}</DialogTitle>
        <DialogContent>
          <TextField
            type="datetime-local"
            label={inboxWords.snooze.customLabel}
            value={custom ?? ''}
            onChange={(e) => setCustom(e.target.value)}
            error={!!customError}
            helperText={customError ?? ' '}
            sx={{ mt: 1 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCustom(null)}>{inboxWords.snooze.cancel}</Button>
          <Button
            variant="contained"
            disabled={!!customError}
            onClick={() => {
              if (custom) snooze(new Date(custom));
              setCustom(null);
            }}
          >
            {inboxWords.snooze.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
