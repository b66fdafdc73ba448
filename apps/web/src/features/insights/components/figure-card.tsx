import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { type ReactNode, useId } from 'react';
import type { Change } from './format.ts';
import { shortDate } from './format.ts';

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
  axisFormat,
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
  /** Labels of the value axis (default: the first series' format). */
  axisFormat?: (value: number) => string;
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
          <Box sx={{ mx: -1 }}>
            <LineChart
              height={180}
              title={`${title} per day`}
              desc={series
                .filter((s) => !s.previous)
                .map(
                  (s) =>
                    `${s.label}: ${s.data.map((v, i) => `${labels[i]} ${s.format ? s.format(v) : (v ?? '—')}`).join(', ')}`,
                )
                .join('. ')}
              xAxis={[{ scaleType: 'point', data: labels, tickLabelMinGap: 24 }]}
              yAxis={[
                {
                  width: 52,
                  valueFormatter:
                    axisFormat ?? (series[0]?.format ? (v: number) => series[0]!.format!(v) : undefined),
                },
              ]}
              series={series.map((s) => ({
                label: s.label,
                data: s.data,
                color: s.color,
                showMark: s.data.length <= 2 || lonely(s.data),
                curve: 'linear' as const,
                connectNulls: false,
                valueFormatter: (v: number | null) => (s.format ? s.format(v) : v === null ? '—' : String(v)),
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
