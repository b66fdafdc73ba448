import { composerWords } from '@balas/contracts';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { format } from 'date-fns';
import type { Bubble } from '../api/messages.ts';
import { BubbleCards, MessageContent } from './message-content.tsx';

/** One message: the shopper's on the left; the shop's (CS) and the bot's (AI) on the right. */
export function MessageBubble({ bubble, onRetry }: { bubble: Bubble; onRetry: (id: string) => void }) {
  const mine = bubble.sender !== 'customer';
  // A picture alone is shown as it is, without a coloured bubble around it.
  const pictureOnly = bubble.content.kind === 'image';
  return (
    <Box sx={{ maxWidth: { xs: '88%', sm: '70%' } }} data-sender={bubble.sender}>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2.5,
          ...(pictureOnly ? { px: 0, py: 0, bgcolor: 'transparent' } : {}),
          bgcolor: pictureOnly
            ? 'transparent'
            : mine
              ? bubble.sender === 'bot'
                ? '#e3f5ec'
                : 'primary.main'
              : 'background.paper',
          color: mine && bubble.sender === 'agent' ? '#fff' : 'text.primary',
          border: mine ? 0 : 1,
          borderColor: 'divider',
          opacity: bubble.status === 'pending' ? 0.7 : 1,
          // A message that is only cards shows them without a bubble.
          '&:empty': { display: 'none' },
        }}
      >
        <MessageContent bubble={bubble} />
      </Box>
      <Box
        sx={{
          display: 'flex',
          justifyContent: mine ? 'flex-end' : 'flex-start',
          '&:not(:empty)': { mt: 0.5 },
        }}
      >
        <BubbleCards bubble={bubble} />
      </Box>
      <Stack
        direction="row"
        spacing={0.75}
        sx={{ alignItems: 'center', justifyContent: mine ? 'flex-end' : 'flex-start', mt: 0.25 }}
      >
        {mine && (
          <Chip
            size="small"
            label={bubble.sender === 'bot' ? 'AI' : 'CS'}
            color={bubble.sender === 'bot' ? 'primary' : 'default'}
            sx={{ height: 18, fontSize: 11 }}
          />
        )}
        <Typography variant="caption" color="text.secondary">
          {format(bubble.at, 'd-MMM hh:mm a')}
        </Typography>
        {bubble.status === 'pending' && <Typography variant="caption">Sending…</Typography>}
      </Stack>
      {bubble.status === 'failed' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
          <Typography variant="caption" color="error">
            {composerWords.notSent}
            {bubble.error ? `: ${bubble.error}` : ''}
          </Typography>
          <Button size="small" color="error" onClick={() => onRetry(bubble.id)}>
            {composerWords.retry}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
