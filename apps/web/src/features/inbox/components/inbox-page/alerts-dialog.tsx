import { inboxWords } from '@balas/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import {
  alertSettingsStore,
  playChime,
  readAlertSettings,
  saveAlertSettings,
} from '../../../../lib/realtime-alerts.ts';

const supported = () => typeof Notification !== 'undefined';

/** The merchant's alert settings: a browser notification, a sound (both off until turned on). */
export function AlertsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const raw = useSyncExternalStore(alertSettingsStore.subscribe, alertSettingsStore.get);
  const settings = readAlertSettings(raw);
  const [permission, setPermission] = useState(supported() ? Notification.permission : 'denied');

  const setNotify = async (on: boolean) => {
    if (on && supported() && Notification.permission === 'default') {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== 'granted') return;
    }
    saveAlertSettings({ ...settings, notify: on && Notification.permission === 'granted' });
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="alerts-title">
      <DialogTitle id="alerts-title">{inboxWords.alerts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          <FormControlLabel
            control={
              <Switch
                checked={settings.notify && permission === 'granted'}
                disabled={!supported() || permission === 'denied'}
                onChange={(e) => void setNotify(e.target.checked)}
              />
            }
            label={inboxWords.alerts.notify}
          />
          {!supported() && <Alert severity="info">{inboxWords.alerts.unsupported}</Alert>}
          {supported() && permission === 'denied' && (
            <Alert severity="info">{inboxWords.alerts.blocked}</Alert>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={settings.sound}
                onChange={(e) => {
                  saveAlertSettings({ ...settings, sound: e.target.checked });
                  // Played now, within the click: the browser then allows the sound later.
                  if (e.target.checked) playChime();
                }}
              />
            }
            label={inboxWords.alerts.sound}
          />
          <Typography variant="caption" color="text.secondary">
            {inboxWords.alerts.where}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{inboxWords.savedReplies.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
