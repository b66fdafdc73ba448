import { Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';

export interface CustomPeriod {
  from: string;
  to: string;
}

/** Insights' own period (From, To, Apply): shown when "Custom" is chosen, so loaded only then. */
export function CustomPeriodForm({
  initial,
  onApply,
}: {
  initial: CustomPeriod;
  onApply: (period: CustomPeriod) => void;
}) {
  const [custom, setCustom] = useState(initial);
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={(e) => {
        e.preventDefault();
        if (custom.from && custom.to) onApply(custom);
      }}
    >
      <TextField
        size="small"
        type="date"
        label="From"
        value={custom.from}
        onChange={(e) => setCustom({ ...custom, from: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={custom.to}
        onChange={(e) => setCustom({ ...custom, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="contained" disabled={!custom.from || !custom.to}>
        Apply
      </Button>
    </Stack>
  );
}
