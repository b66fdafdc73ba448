import { insightsMessages } from '@balas/contracts';
import hidden from '../../../components/visually-hidden.module.css';
import css from './busiest-hours.module.css';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Rows Monday first; the API counts weekdays from Sunday (0). */
const DOW = [1, 2, 3, 4, 5, 6, 0];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** A cell's shade: the theme's dark green, stronger the busier the hour; an empty hour is light grey. */
const shade = (n: number, max: number) =>
  n === 0 ? undefined : `rgba(23, 96, 63, ${(0.15 + 0.85 * (n / max)).toFixed(3)})`;

/** Shopper messages by weekday × hour: a table whose cells are shaded by how busy the hour is. */
export function BusiestHours({ grid }: { grid: number[][] }) {
  const max = Math.max(1, ...grid.flat());
  return (
    <div className={css.box}>
      <table className={css.table}>
        <caption className={hidden.hidden}>Shopper messages by weekday and hour of the day</caption>
        <thead>
          <tr>
            <th scope="col" className={css.dayColumn}>
              <span className={hidden.hidden}>Day</span>
            </th>
            {HOURS.map((h) => (
              <th key={h} scope="col" aria-label={`${h}:00`}>
                {h % 6 === 0 ? h : ''}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {DOW.map((dow, row) => (
            <tr key={dow}>
              <th scope="row" className={css.day}>
                {DAYS[row]}
              </th>
              {HOURS.map((h) => {
                const n = grid[dow]?.[h] ?? 0;
                return (
                  <td
                    key={h}
                    className={css.cell}
                    title={insightsMessages.details.hourCell(DAYS[row]!, h, n)}
                    style={{ backgroundColor: shade(n, max) }}
                  >
                    <span className={hidden.hidden}>{n}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <span className={css.caption}>
        {insightsMessages.details.busiestHour(grid.flat().every((n) => n === 0) ? 0 : max)}
      </span>
    </div>
  );
}
