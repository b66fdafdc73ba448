import { formatCount, plural } from '@balas/contracts';
import { Box, Typography } from '@mui/material';
import { FigureCard } from '../../insights/components/figure-card.tsx';
import { useApprovedUsage } from '../api/tests.ts';

/** Insights' figure for approved answers: replies sent from them in the period, and how many are kept. */
export function ApprovedFigure({ shopId, days }: { shopId: string | undefined; days: number }) {
  const usage = useApprovedUsage(shopId || undefined, days);
  const u = usage.data;
  return (
    <Box
      sx={{
        mt: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: 'repeat(2, minmax(0, 1fr))',
          xl: 'repeat(3, minmax(0, 1fr))',
        },
      }}
    >
      <FigureCard
        title="Approved answers sent"
        value={u ? formatCount(u.sent) : '…'}
        detail={
          u ? (
            <Typography component="span" variant="body2" color="text.secondary">
              {plural(u.approved, 'approved answer')} kept · last {plural(u.days, 'day')}
            </Typography>
          ) : undefined
        }
        definition="Replies the bot sent from an answer you approved (“Correct this”) instead of composing one."
        empty={u !== undefined && u.sent === 0}
        emptyText="Replies appear here once shoppers ask a question you approved an answer for."
      />
    </Box>
  );
}
