import { insightsMessages } from '@balas/contracts';
import { Box, Typography } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Rows Monday first; the API counts weekdays from Sunday (0). */
const DOW = [1, 2, 3, 4, 5, 6, 0];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Shopper messages by weekday × hour: a table whose cells are shaded by how busy the hour is. */
export function BusiestHours({ grid }: { grid: number[][] }) {
  const theme = useTheme();
  const max = Math.max(1, ...grid.flat());
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box
        component="table"
        sx={{
          borderCollapse: 'separate',
          borderSpacing: '2px',
          width: '100%',
          minWidth: 320,
          tableLayout: 'fixed',
          '& th': { fontWeight: 500, fontSize: 11, color: 'text.secondary', p: 0 },
        }}
      >
        <caption
          style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
        >
          Shopper messages by weekday and hour of the day
        </caption>
        <thead>
          <tr>
            <th scope="col" style={{ width: 32 }}>
              <span
                style={{
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                }}
              >
                Day
              </span>
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
              <th scope="row" style={{ textAlign: 'left' }}>
                {DAYS[row]}
              </th>
              {HOURS.map((h) => {
                const n = grid[dow]?.[h] ?? 0;
                return (
                  <Box
                    component="td"
                    key={h}
                    title={insightsMessages.details.hourCell(DAYS[row]!, h, n)}
                    sx={{
                      height: 18,
                      borderRadius: '3px',
                      p: 0,
                      bgcolor:
                        n === 0 ? 'action.hover' : alpha(theme.palette.primary.dark, 0.15 + 0.85 * (n / max)),
                    }}
                  >
                    <span
                      style={{
                        position: 'absolute',
                        width: 1,
                        height: 1,
                        overflow: 'hidden',
                        clip: 'rect(0 0 0 0)',
                      }}
                    >
                      {n}
                    </span>
                  </Box>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {insightsMessages.details.busiestHour(grid.flat().every((n) => n === 0) ? 0 : max)}
      </Typography>
    </Box>
  );
}
