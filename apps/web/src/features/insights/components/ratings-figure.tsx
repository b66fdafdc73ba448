import { ratingAverage, ratingCount, ratingWords } from '@balas/contracts';
import hidden from '../../../components/visually-hidden.module.css';
import type { InsightsFilter } from '../api/insights.ts';
import { useRatingFigures } from '../api/ratings.ts';
import { chartColors, FigureCard } from './figure-card.tsx';
import css from './ratings-figure.module.css';

const average = (n: number | null) => (n === null ? '–' : n.toFixed(1));

/** Stars 5..1 as bars, with how many of each the bot and the team got. */
function Distribution({ bot, agent }: { bot: number[]; agent: number[] }) {
  const max = Math.max(1, ...bot.map((b, i) => b + (agent[i] ?? 0)));
  return (
    <table className={css.table}>
      <caption className={hidden.hidden}>Ratings by stars and who answered</caption>
      <thead>
        <tr>
          <th scope="col" className={css.head}>
            Stars
          </th>
          <th scope="col" className={css.share}>
            <span className={hidden.hidden}>Share</span>
          </th>
          <th scope="col" className={`${css.head} ${css.number}`}>
            {ratingWords.ratedBy.bot}
          </th>
          <th scope="col" className={`${css.head} ${css.number}`}>
            {ratingWords.ratedBy.agent}
          </th>
        </tr>
      </thead>
      <tbody>
        {[5, 4, 3, 2, 1].map((stars) => {
          const b = bot[stars - 1] ?? 0;
          const a = agent[stars - 1] ?? 0;
          return (
            <tr key={stars}>
              <th scope="row" className={css.stars}>
                {stars} ★
              </th>
              <td>
                <div className={css.bar}>
                  <div className={css.bot} style={{ width: `${(b / max) * 100}%` }} />
                  <div className={css.agent} style={{ width: `${(a / max) * 100}%` }} />
                </div>
              </td>
              <td className={css.number}>{b}</td>
              <td className={css.number}>{a}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Insights' shopper ratings (issue 28.6): average, count, distribution per who answered, daily trend. */
export function RatingsFigure({ filter }: { filter: InsightsFilter }) {
  const figures = useRatingFigures(filter);
  const f = figures.data;
  const all = f ? f.bot.map((b, i) => b + (f.agent[i] ?? 0)) : [];
  const count = ratingCount(all);
  return (
    <div className={css.grid}>
      <FigureCard
        title={ratingWords.insightsTitle}
        value={f ? `${average(ratingAverage(all))} ★` : '…'}
        detail={
          f ? (
            <span className={css.detail}>
              {count} rating{count === 1 ? '' : 's'} · chatbot {average(ratingAverage(f.bot))} · your team{' '}
              {average(ratingAverage(f.agent))}
            </span>
          ) : undefined
        }
        definition={ratingWords.insightsHint}
        dates={f?.days.map((d) => d.day)}
        series={
          f
            ? [{ label: 'Average stars', data: f.days.map((d) => d.average), color: chartColors.current }]
            : undefined
        }
        empty={f !== undefined && count === 0}
        emptyText={ratingWords.noRatings}
      >
        {f && count > 0 && (
          <div className={css.distribution}>
            <Distribution bot={f.bot} agent={f.agent} />
          </div>
        )}
      </FigureCard>
    </div>
  );
}
