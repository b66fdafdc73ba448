import { Chip } from '@mui/material';
import type { ConversationRow } from '../api/conversations.ts';

/** Spec §4: 'Not live' (never set), 'Enabled', 'Disabled'; 'Transferred to Agent' when handed over. */
export function conversationStatus(row: Pick<ConversationRow, 'isEnable' | 'isAgent'>) {
  if (row.isAgent) return { label: 'Transferred to Agent', color: 'warning' as const };
  if (row.isEnable === null || row.isEnable === undefined)
    return { label: 'Not live', color: 'default' as const };
  return row.isEnable
    ? { label: 'Enabled', color: 'success' as const }
    : { label: 'Disabled', color: 'default' as const };
}

export function ConversationChip({ row }: { row: ConversationRow }) {
  const status = conversationStatus(row);
  return (
    <Chip
      size="small"
      label={status.label}
      color={status.color}
      variant={status.color === 'default' ? 'outlined' : 'filled'}
    />
  );
}
