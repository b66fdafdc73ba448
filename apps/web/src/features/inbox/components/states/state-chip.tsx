import type { InboxRow } from '@balas/contracts';
import { Chip, Tooltip } from '@mui/material';
import { describeState } from './inbox-state.ts';

/** The conversation's effective state; the reason (a handover's, a snooze's end) on hover and to readers. */
export function StateChip({ row, withReason = false }: { row: InboxRow; withReason?: boolean }) {
  const state = describeState(row);
  const chip = (
    <Chip
      size="small"
      label={withReason && state.reason ? `${state.label}: ${state.reason}` : state.label}
      color={state.color}
      variant={state.color === 'default' ? 'outlined' : 'filled'}
      data-state={row.state}
      aria-description={!withReason && state.reason ? state.reason : undefined}
      sx={{ maxWidth: '100%' }}
    />
  );
  return state.reason && !withReason ? <Tooltip title={state.reason}>{chip}</Tooltip> : chip;
}
