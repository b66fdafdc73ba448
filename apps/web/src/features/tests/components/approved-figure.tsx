import { formatCount, plural } from '@balas/contracts';
import { FigureCard } from '../../insights/components/figure-card.tsx';
import { useApprovedUsage } from '../api/tests.ts';
import css from './approved-figure.module.css';

/** Insights' figure for approved answers: replies sent from them in the period, and how many are kept. */
export function ApprovedFigure({ shopId, days }: { shopId: string | undefined; days: number }) {
  const usage = useApprovedUsage(shopId || undefined, days);
  const u = usage.data;
  return (
    <div className={css.figures}>
      <FigureCard
        title="Approved answers sent"
        value={u ? formatCount(u.sent) : '…'}
        detail={
          u ? (
            <span className={css.detail}>
              {plural(u.approved, 'approved answer')} kept · last {plural(u.days, 'day')}
            </span>
          ) : undefined
        }
        definition="Replies the bot sent from an answer you approved (“Correct this”) instead of composing one."
        empty={u !== undefined && u.sent === 0}
        emptyText="Replies appear here once shoppers ask a question you approved an answer for."
      />
    </div>
  );
}
