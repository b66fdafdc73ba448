import { ratingWords } from '@balas/contracts';
import { Chip, Tooltip } from '@mui/material';
import { useChatRatings } from '../api/ratings.ts';

/** The shopper's latest rating of this chat, in its header; the comment and who answered on hover or focus. */
export function ChatRating({ conversationId, state }: { conversationId: string; state: string }) {
  const ratings = useChatRatings(conversationId, state);
  const latest = ratings.data?.[0];
  if (!latest) return null;
  const detail = [
    `${ratingWords.chatRated(latest.stars)}, answered by ${ratingWords.ratedBy[latest.answeredBy].toLowerCase()}`,
    latest.comment && `“${latest.comment}”`,
  ]
    .filter(Boolean)
    .join(': ');
  return (
    <Tooltip title={detail}>
      <Chip
        size="small"
        variant="outlined"
        tabIndex={0}
        label={`★ ${latest.stars}/5`}
        aria-label={detail}
        data-testid="chat-rating"
      />
    </Tooltip>
  );
}
