import { ratingAverage, ratingCount, ratingWords } from '@balas/contracts';
import { Box, Stack, Typography } from '@mui/material';
import type { InsightsFilter } from '../api/insights.ts';
import { useRatingFigures } from '../api/ratings.ts';
import { FigureCard } from './figure-card.tsx';

const average = (n: number | null) => (n === null ? '–' : n.toFixed(1));

/** Stars 5..1 as bars, with how many of each the bot and the team got. */
function Distribution({ bot, agent }: { bot: number[]; agent: number[] }) {
  const max = Math.max(1, ...bot.map((b, i) => b + (agent[i] ?? 0)));
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: 13 }}>
      <caption
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        Ratings by stars and who answered
      </caption>
      <thead>
        <tr>
          <Box
            component="th"
            scope="col"
            sx={{ textAlign: 'left', fontWeight: 500, color: 'text.secondary' }}
          >
            Stars
          </Box>
          <Box component="th" scope="col" sx={{ width: '55%' }}>
            <span
              style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            >
              Share
            </span>
          </Box>
          <Box
            component="th"
            scope="col"
            sx={{ textAlign: 'right', fontWeight: 500, color: 'text.secondary' }}
          >
            {ratingWords.ratedBy.bot}
          </Box>
          <Box
            component="th"
            scope="col"
            sx={{ textAlign: 'right', fontWeight: 500, color: 'text.secondary' }}
          >
            {ratingWords.ratedBy.agent}
          </Box>
        </tr>
      </thead>
      <tbody>
        {[5, 4, 3, 2, 1].map((stars) => {
          const b = bot[stars - 1] ?? 0;
          const a = agent[stars - 1] ?? 0;
          return (
            <tr key={stars}>
              <Box component="th" scope="row" sx={{ textAlign: 'left', fontWeight: 400, py: 0.25 }}>
                {stars} ★
              </Box>
              <td>
                <Box
                  sx={{
                    display: 'flex',
                    height: 10,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                    overflow: 'hidden',
                  }}
                >
                  <Box sx={{ width: `${(b / max) * 100}%`, bgcolor: 'primary.main' }} />
                  <Box sx={{ width: `${(a / max) * 100}%`, bgcolor: 'secondary.main' }} />
                </Box>
              </td>
              <Box component="td" sx={{ textAlign: 'right' }}>
                {b}
              </Box>
              <Box component="td" sx={{ textAlign: 'right' }}>
                {a}
              </Box>
            </tr>
          );
        })}
      </tbody>
    </Box>
  );
}

/** Insights' shopper ratings (issue 28.6): average, count, distribution per who answered, daily trend. */
export function RatingsFigure({ filter }: { filter: InsightsFilter }) {
  const figures = useRatingFigures(filter);
  const f = figures.data;
  const all = f ? f.bot.map((b, i) => b + (f.agent[i] ?? 0)) : [];
  const count = ratingCount(all);
  return (
    <Box
      sx={{
        mt: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <FigureCard
        title={ratingWords.insightsTitle}
        value={f ? `${average(ratingAverage(all))} ★` : '…'}
        detail={
          f ? (
            <Typography component="span" variant="body2" color="text.secondary">
              {count} rating{count === 1 ? '' : 's'} · chatbot {average(ratingAverage(f.bot))} · your team{' '}
              {average(ratingAverage(f.agent))}
            </Typography>
          ) : undefined
        }
        definition={ratingWords.insightsHint}
        dates={f?.days.map((d) => d.day)}
        series={f ? [{ label: 'Average stars', data: f.days.map((d) => d.average) }] : undefined}
        empty={f !== undefined && count === 0}
        emptyText={ratingWords.noRatings}
      >
        {f && count > 0 && (
          <Stack spacing={1} sx={{ mt: 1 }}>
            <Distribution bot={f.bot} agent={f.agent} />
          </Stack>
        )}
      </FigureCard>
    </Box>
  );
}
