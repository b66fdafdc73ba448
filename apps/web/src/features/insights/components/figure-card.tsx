import { insightsMessages } from '@balas/contracts';
import InfoOutlined from '@mui/icons-material/InfoOutlined?plain';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import css from './figure-card.module.css';
import { axisTicks, type Change, shortDate } from './format.ts';

// The chart library is a chunk of its own, and a chart is drawn once its card comes near the screen:
// on a phone the first figures paint without waiting for (or parsing and laying out) every chart.
const LineChart = lazy(() => import('@mui/x-charts/LineChart').then((m) => ({ default: m.LineChart })));
const CHART_HEIGHT = 180;
/** The legend under a chart of two or more series: the space is kept while the chart loads. */
const LEGEND_HEIGHT = 30;

/** True once the element has come within a few hundred pixels of the screen or the page is printed (and from then on). */
function useNearScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    // A printed page shows every chart, scrolled to or not (drawn before the browser lays out the print).
    const print = () => flushSync(() => setNear(true));
    addEventListener('beforeprint', print);
    return () => {
      observer.disconnect();
      removeEventListener('beforeprint', print);
    };
  }, [near]);
  return [ref, near] as const;
}

const words = insightsMessages.chart;

/** The charts' lines: the period (green), a second figure (slate), the previous period (grey, dashed). */
export const chartColors = { current: '#23805a', second: '#35495e', previous: '#a8b3bf' };

export interface Series {
  label: string;
  data: (number | null)[];
  color?: string;
  /** The previous period, drawn dashed under the current one. */
  previous?: boolean;
  format?: (value: number | null) => string;
}

/** A mark where a day has a value but its neighbours have none (a line needs two points). */
const lonely =
  (data: (number | null)[]) =>
  ({ index }: { index: number }) =>
    data[index] !== null && (data[index - 1] ?? null) === null && (data[index + 1] ?? null) === null;

/** One figure: its value and change from the previous period, its chart over time, its definition. */
export function FigureCard({
  title,
  value,
  detail,
  change,
  definition,
  dates,
  series,
  axis = 'count',
  empty,
  emptyText,
  children,
}: {
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  change?: Change | null;
  definition: string;
  dates?: string[];
  series?: Series[];
  /** What the value axis measures: whole counts, shares (0-100 %) or times. */
  axis?: 'count' | 'share' | 'time';
  /** Nothing to chart yet: the text says what will appear. */
  empty?: boolean;
  emptyText?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const labels = dates?.map(shortDate) ?? [];
  return (
    <section aria-labelledby={`${id}-title`} className={css.card}>
      <div className={css.content}>
        <h2 id={`${id}-title`} className={css.title}>
          {title}
        </h2>
        <div className={css.headline}>
          <p data-testid="figure-value" className={css.value}>
            {value}
          </p>
          {change && (
            <span
              className={css.change}
              data-tone={change.good === null ? 'neutral' : change.good ? 'good' : 'bad'}
            >
              {change.text} vs previous
            </span>
          )}
        </div>
        {detail && <p className={css.detail}>{detail}</p>}
        {series && dates && !empty && (
          <DailyChart title={title} labels={labels} series={series} axis={axis} />
        )}
        {empty && (
          <div className={css.empty}>
            <p className={css.detail}>{emptyText}</p>
          </div>
        )}
        {children}
        <div className={css.footer}>
          <InfoOutlined className={css.info} style={{ fontSize: 'inherit' }} />
          <span className={css.caption}>{definition}</span>
        </div>
      </div>
    </section>
  );
}

/**
 * A figure's days as a line chart, or as a table of the same figures (a button switches): the chart
 * is an image labelled by its caption (its numbers are in the table), inside a figure.
 */
function DailyChart({
  title,
  labels,
  series,
  axis,
}: {
  title: string;
  labels: string[];
  series: Series[];
  axis: 'count' | 'share' | 'time';
}) {
  const id = useId();
  const [table, setTable] = useState(false);
  const [chartBox, near] = useNearScreen<HTMLDivElement>();
  const chartHeight = CHART_HEIGHT + (series.length < 2 ? 0 : LEGEND_HEIGHT);
  const ticks = axisTicks(
    axis,
    series.flatMap((s) => s.data),
  );
  const show = (s: Series, v: number | null) => (s.format ? s.format(v) : v === null ? '—' : ticks.format(v));
  return (
    <figure aria-labelledby={`${id}-caption`} className={css.figure}>
      <div className={css.figureHead}>
        <figcaption id={`${id}-caption`} className={css.caption}>
          {words.perDay(title)}
        </figcaption>
        <button
          type="button"
          className={css.switch}
          onClick={() => setTable(!table)}
          aria-controls={`${id}-view`}
        >
          {table ? words.showChart : words.showTable}
        </button>
      </div>
      <div id={`${id}-view`}>
        {table ? (
          <div className={css.tableBox}>
            <table className={css.table}>
              <thead>
                <tr>
                  <th scope="col">{words.day}</th>
                  {series.map((s) => (
                    <th key={s.label} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {labels.map((day, i) => (
                  <tr key={day}>
                    <th scope="row">{day}</th>
                    {series.map((s) => (
                      <td key={s.label}>{show(s, s.data[i] ?? null)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div
            ref={chartBox}
            role="img"
            aria-labelledby={`${id}-caption`}
            className={css.chart}
            style={{ minHeight: chartHeight }}
          >
            {near && (
              <Suspense fallback={null}>
                <LineChart
                  height={CHART_HEIGHT}
                  xAxis={[{ scaleType: 'point', data: labels, tickLabelMinGap: 24 }]}
                  yAxis={[
                    {
                      width: 56,
                      min: 0,
                      max: ticks.max,
                      tickInterval: ticks.ticks,
                      valueFormatter: ticks.format,
                    },
                  ]}
                  series={series.map((s) => ({
                    label: s.label,
                    data: s.data,
                    color: s.color,
                    showMark: s.data.length <= 2 || lonely(s.data),
                    curve: 'linear' as const,
                    connectNulls: false,
                    valueFormatter: (v: number | null) => show(s, v),
                    ...(s.previous ? { id: `${s.label}-previous` } : {}),
                  }))}
                  sx={{
                    '& .MuiLineElement-series-previous, & [data-series$="-previous"]': {
                      strokeDasharray: '4 4',
                    },
                  }}
                  slotProps={{
                    legend: {
                      direction: 'horizontal',
                      position: { vertical: 'bottom', horizontal: 'center' },
                    },
                  }}
                  hideLegend={series.length < 2}
                  margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
                  skipAnimation
                />
              </Suspense>
            )}
          </div>
        )}
      </div>
    </figure>
  );
}
