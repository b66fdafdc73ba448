import { channelOf, type PushSettings, pushWords } from '@balas/contracts';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Skeleton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useShops } from '../../shops/api/get-shops.ts';
import {
  usePushSettings,
  useSavePushSettings,
  useSubscribeBrowser,
  useUnsubscribeBrowser,
} from '../api/push-settings.ts';
import {
  type BrowserPushState,
  browserPushState,
  browserTimeZone,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '../browser-push.ts';

interface Draft {
  shopIds: string[];
  quiet: boolean;
  start: string;
  end: string;
}
const draftOf = (s: PushSettings): Draft => ({
  shopIds: s.shopIds,
  quiet: s.quietHours !== null,
  start: s.quietHours?.start ?? '22:00',
  end: s.quietHours?.end ?? '08:00',
});
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The account page's push notifications: this device on or off (the browser's permission is asked
 * only when the merchant clicks), the shops whose "Needs you" chats notify, and quiet hours in the
 * merchant's time zone. Saved in the account, so every subscribed device follows them.
 */
export function PushSettingsCard() {
  const settings = usePushSettings();
  const shops = useShops();
  const save = useSavePushSettings();
  const subscribe = useSubscribeBrowser();
  const unsubscribe = useUnsubscribeBrowser();
  const [device, setDevice] = useState<BrowserPushState | 'checking'>('checking');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timeZone = browserTimeZone();
  const headingId = useId();

  useEffect(() => {
    void browserPushState().then(setDevice, () => setDevice('unsupported'));
  }, []);
  useEffect(() => {
    if (settings.data && !draft) setDraft(draftOf(settings.data));
  }, [settings.data, draft]);

  const bodyOf = (d: Draft) => ({
    shopIds: d.shopIds,
    quietHours: d.quiet ? { start: d.start, end: d.end } : null,
    timeZone,
  });

  async function turnOn() {
    if (!settings.data || !draft) return;
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      const subscription = await subscribeThisBrowser(settings.data.publicKey);
      if (!subscription) {
        setDevice(Notification.permission === 'denied' ? 'blocked' : 'off');
        return;
      }
      await subscribe.mutateAsync(subscription);
      // Nothing chosen yet: turning notifications on means every shop's chats.
      if (draft.shopIds.length === 0 && shops.data?.length) {
        const next = { ...draft, shopIds: shops.data.map((s) => s.id) };
        setDraft(draftOf(await save.mutateAsync(bodyOf(next))));
      }
      setDevice('on');
      setDone(pushWords.on);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      const endpoint = await unsubscribeThisBrowser();
      if (endpoint) await unsubscribe.mutateAsync(endpoint);
      setDevice('off');
      setDone(pushWords.off);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setError(null);
    setDone(null);
    try {
      setDraft(draftOf(await save.mutateAsync(bodyOf(draft))));
      setDone(pushWords.saved);
    } catch (e) {
      setError(messageOf(e));
    }
  }

  const toggleShop = (id: string, on: boolean) =>
    setDraft((d) => d && { ...d, shopIds: on ? [...d.shopIds, id] : d.shopIds.filter((s) => s !== id) });

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {pushWords.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {pushWords.intro}
        </Typography>
        <Stack spacing={2}>
          {error && <ErrorAlert message={error} onClose={() => setError(null)} />}
          {done && (
            <Alert severity="success" role="status" onClose={() => setDone(null)}>
              {done}
            </Alert>
          )}
          {settings.error && <Alert severity="error">{settings.error.message}</Alert>}
          {(settings.isPending || device === 'checking') && !settings.error && (
            <Skeleton variant="rounded" height={40} aria-label="Loading notification settings" />
          )}
          {device === 'unsupported' && <Alert severity="info">{pushWords.unsupported}</Alert>}
          {device === 'blocked' && <Alert severity="warning">{pushWords.blocked}</Alert>}
          {settings.data && (device === 'off' || device === 'on') && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 16rem' }}>
                {device === 'on' ? pushWords.on : pushWords.off}
              </Typography>
              {device === 'on' ? (
                <Button variant="outlined" onClick={() => void turnOff()} loading={busy}>
                  {pushWords.turnOff}
                </Button>
              ) : (
                <Button variant="contained" onClick={() => void turnOn()} loading={busy}>
                  {pushWords.turnOn}
                </Button>
              )}
            </Box>
          )}
          {settings.data && (
            <Typography variant="body2" color="text.secondary">
              {pushWords.devices(settings.data.devices)}
            </Typography>
          )}
          {draft && (
            <Box component="form" onSubmit={submit} noValidate>
              <Stack spacing={2.5}>
                <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                  <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    {pushWords.shops}
                  </FormLabel>
                  <Typography variant="body2" color="text.secondary">
                    {shops.data?.length === 0 ? pushWords.noShops : pushWords.shopsHint}
                  </Typography>
                  <FormGroup>
                    {shops.data?.map((shop) => (
                      <FormControlLabel
                        key={shop.id}
                        control={
                          <Checkbox
                            checked={draft.shopIds.includes(shop.id)}
                            onChange={(e) => toggleShop(shop.id, e.target.checked)}
                          />
                        }
                        label={`${shop.addInformation.name} · ${channelOf(shop.providerName).name}`}
                        sx={{ '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
                      />
                    ))}
                  </FormGroup>
                </Box>
                <Box>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={draft.quiet}
                        onChange={(e) => setDraft((d) => d && { ...d, quiet: e.target.checked })}
                      />
                    }
                    label={pushWords.quiet}
                    sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {pushWords.quietHint} {pushWords.timeZone(timeZone)}
                  </Typography>
                  {draft.quiet && (
                    <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
                      <TextField
                        label={pushWords.quietFrom}
                        type="time"
                        value={draft.start}
                        onChange={(e) => setDraft((d) => d && { ...d, start: e.target.value })}
                        slotProps={{ inputLabel: { shrink: true } }}
                        sx={{ flex: 1, maxWidth: 180 }}
                      />
                      <TextField
                        label={pushWords.quietTo}
                        type="time"
                        value={draft.end}
                        onChange={(e) => setDraft((d) => d && { ...d, end: e.target.value })}
                        slotProps={{ inputLabel: { shrink: true } }}
                        sx={{ flex: 1, maxWidth: 180 }}
                      />
                    </Stack>
                  )}
                </Box>
                <Box>
                  <Button type="submit" variant="contained" loading={save.isPending}>
                    {pushWords.save}
                  </Button>
                </Box>
              </Stack>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
