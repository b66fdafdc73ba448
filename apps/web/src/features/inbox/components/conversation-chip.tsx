import { chatBotWords } from '@balas/contracts';
import { Chip, Tooltip } from '@mui/material';
import type { ConversationRow } from '../api/conversations.ts';

const w = chatBotWords;

/**
 * The bot's effective state in a conversation: the conversation's own switch when the merchant set
 * one, else the shop's (said so); 'Transferred to Agent' when handed over. The spec's 'Not live' for
 * a switch never set hid that the shop's bot answers there (docs/spec-deviations.md).
 */
export function conversationStatus(row: Pick<ConversationRow, 'isEnable' | 'isAgent'>, shopBotOn: boolean) {
  if (row.isAgent) return { label: w.handedOver, hint: w.pausedBanner, color: 'warning' as const };
  if (row.isEnable === null || row.isEnable === undefined)
    return shopBotOn
      ? { label: w.shopOn, hint: w.followsShopHint, color: 'success' as const }
      : { label: w.shopOff, hint: w.followsShopHint, color: 'default' as const };
  return row.isEnable
    ? { label: w.on, hint: w.ownHint, color: 'success' as const }
    : { label: w.off, hint: w.ownHint, color: 'default' as const };
}

/** Whether the bot answers in this conversation: its own switch, else the shop's. */
export const botAnswers = (row: Pick<ConversationRow, 'isEnable'>, shopBotOn: boolean) =>
  row.isEnable ?? shopBotOn;

export function ConversationChip({ row, shopBotOn }: { row: ConversationRow; shopBotOn: boolean }) {
  const status = conversationStatus(row, shopBotOn);
  return (
    <Tooltip title={status.hint} describeChild>
      <Chip
        size="small"
        label={status.label}
        color={status.color}
        variant={status.color === 'default' ? 'outlined' : 'filled'}
      />
    </Tooltip>
  );
}
