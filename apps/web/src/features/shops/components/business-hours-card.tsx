import {
  type BusinessHours,
  businessHours,
  defaultHolidays,
  malaysianPublicHolidays,
  type Shop,
  businessHoursWords as words,
} from '@balas/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Snackbar,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useBusinessHours, useSaveBusinessHours } from '../api/business-hours.ts';

const provisional = new Set(malaysianPublicHolidays.filter((h) => h.provisional).map((h) => h.date));
const defaultDay = { open: '09:00', close: '18:00' };

/** The first problem zod finds, in the contracts' words. */
function problemOf(hours: BusinessHours): string | null {
  const result = businessHours.safeParse(hours);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const day = issue?.path[0] === 'week' ? words.days[Number(issue.path[1])] : null;
  return day ? `${day}: ${issue?.message}` : (issue?.message ?? null);
}

/** The shop's weekly hours, time zone and holidays (issue 28.7): a grid that wraps on a phone. */
export function BusinessHoursCard({ shop }: { shop: Shop }) {
  const stored = useBusinessHours(shop.id);
  const save = useSaveBusinessHours(shop.id);
  const [draft, setDraft] = useState<BusinessHours | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [newDate, setNewDate] = useState('');
  const [newName, setNewName] = useState('');

  useEffect(() => {
    if (stored.data && !draft) setDraft(stored.data);
  }, [stored.data, draft]);

  if (!draft) return null;
  const set = (patch: Partial<BusinessHours>) => setDraft({ ...draft, ...patch });
  const setDay = (i: number, day: BusinessHours['week'][number]) =>
    set({ week: draft.week.map((d, k) => (k === i ? day : d)) });
  const dirty = JSON.stringify(draft) !== JSON.stringify(stored.data);

  const addHoliday = () => {
    const holiday = { date: newDate, name: newName.trim() };
    const problem = problemOf({ ...draft, holidays: [holiday] });
    if (problem) {
      setError(problem);
      return;
    }
    set({ holidays: [...draft.holidays, holiday].sort((a, b) => a.date.localeCompare(b.date)) });
    setNewDate('');
    setNewName('');
    setError(null);
  };

  const onSave = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = problemOf(draft);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      setDraft(await save.mutateAsync(draft));
      setSaved(true);
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Card sx={{ containerType: 'inline-size' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={onSave} aria-labelledby="business-hours-title">
          <Stack spacing={2.5}>
            <Typography variant="h6" component="h2" id="business-hours-title">
              {words.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {words.intro}
            </Typography>
            <ErrorAlert message={error} onClose={() => setError(null)} />
            <FormControlLabel
              control={<Switch checked={draft.enabled} onChange={(_e, on) => set({ enabled: on })} />}
              label={words.enabled}
            />
            <TextField
              label={words.timeZone}
              value={draft.timeZone}
              onChange={(e) => set({ timeZone: e.target.value })}
              size="small"
              sx={{ maxWidth: 320 }}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                Weekly hours
              </Typography>
              <Stack spacing={1.5}>
                {/* Monday first, as a shop's week reads. */}
                {[1, 2, 3, 4, 5, 6, 0].map((i) => {
                  const day = draft.week[i] ?? null;
                  const name = words.days[i];
                  return (
                    <Box
                      key={i}
                      role="group"
                      aria-label={name}
                      sx={{
                        display: 'grid',
                        gap: 1,
                        alignItems: 'center',
                        gridTemplateColumns: '1fr auto',
                        '@container (min-width: 520px)': { gridTemplateColumns: '110px 110px 1fr 1fr' },
                      }}
                    >
                      <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
                      <FormControlLabel
                        sx={{ m: 0 }}
                        control={
                          <Checkbox
                            checked={day === null}
                            onChange={(_e, closed) => setDay(i, closed ? null : defaultDay)}
                          />
                        }
                        label={words.closed}
                      />
                      {day && (
                        <>
                          <TextField
                            type="time"
                            size="small"
                            label={words.open}
                            value={day.open}
                            onChange={(e) => setDay(i, { ...day, open: e.target.value })}
                            slotProps={{
                              inputLabel: { shrink: true },
                              htmlInput: { 'aria-label': `${name} ${words.open}` },
                            }}
                          />
                          <TextField
                            type="time"
                            size="small"
                            label={words.close}
                            value={day.close === '24:00' ? '23:59' : day.close}
                            onChange={(e) => setDay(i, { ...day, close: e.target.value })}
                            slotProps={{
                              inputLabel: { shrink: true },
                              htmlInput: { 'aria-label': `${name} ${words.close}` },
                            }}
                          />
                        </>
                      )}
                    </Box>
                  );
                })}
              </Stack>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {words.holidays}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {words.holidaysHint}
              </Typography>
              <List dense aria-label={words.holidays} sx={{ maxHeight: 320, overflowY: 'auto', my: 1 }}>
                {draft.holidays.map((h, k) => (
                  <ListItem
                    key={`${h.date}-${h.name}`}
                    divider
                    secondaryAction={
                      <IconButton
                        edge="end"
                        aria-label={words.removeHoliday(h.name, h.date)}
                        onClick={() => set({ holidays: draft.holidays.filter((_x, j) => j !== k) })}
                      >
                        <DeleteOutlined />
                      </IconButton>
                    }
                  >
                    <ListItemText
                      primary={h.name}
                      secondary={`${h.date}${provisional.has(h.date) ? ' *' : ''}`}
                    />
                  </ListItem>
                ))}
              </List>
              <Typography variant="caption" color="text.secondary">
                {words.provisional}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  mt: 1.5,
                  gridTemplateColumns: '1fr',
                  '@container (min-width: 520px)': { gridTemplateColumns: '170px 1fr auto' },
                }}
              >
                <TextField
                  type="date"
                  size="small"
                  label={words.holidayDate}
                  value={newDate}
                  onChange={(e) => setNewDate(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <TextField
                  size="small"
                  label={words.holidayName}
                  value={newName}
                  onChange={(e) => setNewName(e.target.value)}
                />
                <Button variant="outlined" onClick={addHoliday} disabled={!newDate || !newName.trim()}>
                  {words.addHoliday}
                </Button>
              </Box>
              <Button sx={{ mt: 1 }} onClick={() => set({ holidays: defaultHolidays() })}>
                {words.resetHolidays}
              </Button>
            </Box>
            <Box>
              <Button type="submit" variant="contained" loading={save.isPending} disabled={!dirty}>
                {words.save}
              </Button>
            </Box>
          </Stack>
        </Box>
        <Snackbar
          open={saved}
          autoHideDuration={2500}
          onClose={() => setSaved(false)}
          message={words.saved}
        />
      </CardContent>
    </Card>
  );
}
