import { insightsMessages } from '@balas/contracts';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { type ReactNode, useId, useState } from 'react';
import { axisTicks, type Change, shortDate } from './format.ts';

const words = insightsMessages.chart;

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
    <Card component="section" aria-labelledby={`${id}-title`} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
        <Typography id={`${id}-title`} variant="subtitle2" component="h3" color="text.secondary">
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography
            variant="h4"
            component="p"
            data-testid="figure-value"
            sx={{ fontSize: { xs: 26, sm: 30 } }}
          >
            {value}
          </Typography>
          {change && (
            <Chip
              size="small"
              label={`${change.text} vs previous`}
              sx={{
                fontWeight: 600,
                bgcolor: change.good === null ? 'action.selected' : change.good ? '#e3f4ea' : '#fdecea',
                color: change.good === null ? 'text.primary' : change.good ? '#1b5e3a' : '#8a1c14',
              }}
            />
          )}
        </Stack>
        {detail && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
        {series && dates && !empty && (
          <DailyChart title={title} labels={labels} series={series} axis={axis} />
        )}
        {empty && (
          <Box
            sx={{
              minHeight: 120,
              display: 'grid',
              placeItems: 'center',
              textAlign: 'center',
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 1,
              px: 2,
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {emptyText}
            </Typography>
          </Box>
        )}
        {children}
        <Stack direction="row" spacing={0.75} sx={{ mt: 'auto', pt: 1, color: 'text.secondary' }}>
          <InfoOutlined sx={{ fontSize: 16, mt: '2px' }} aria-hidden />
          <Typography variant="caption">{definition}</Typography>
        </Stack>
      </CardContent>
    </Card>
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
  const ticks = axisTicks(
    axis,
    series.flatMap((s) => s.data),
  );
  const show = (s: Series, v: number | null) => (s.format ? s.format(v) : v === null ? '—' : ticks.format(v));
  return (
    <Box component="figure" aria-labelledby={`${id}-caption`} sx={{ m: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography id={`${id}-caption`} component="figcaption" variant="caption" color="text.secondary">
          {words.perDay(title)}
        </Typography>
        <Button
          size="small"
          onClick={() => setTable(!table)}
          aria-controls={`${id}-view`}
          sx={{ minHeight: 32, py: 0 }}
        >
          {table ? words.showChart : words.showTable}
        </Button>
      </Stack>
      <Box id={`${id}-view`}>
        {table ? (
          <Box sx={{ overflowX: 'auto' }}>
            <Box
              component="table"
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                fontSize: 13,
                '& th, & td': { textAlign: 'right', px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' },
                '& th:first-of-type': { textAlign: 'left', whiteSpace: 'nowrap' },
                '& thead th': { fontWeight: 600, color: 'text.secondary' },
              }}
            >
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
            </Box>
          </Box>
        ) : (
          <Box role="img" aria-labelledby={`${id}-caption`} sx={{ mx: -1 }}>
            <LineChart
              height={180}
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
                '& .MuiLineElement-series-previous, & [data-series$="-previous"]': { strokeDasharray: '4 4' },
              }}
              slotProps={{
                legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } },
              }}
              hideLegend={series.length < 2}
              margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
              skipAnimation
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
