import { inboxWords, limits, messages, type ResponseWindowSetting, type Shop } from '@balas/contracts';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useResponseWindow, useSaveResponseWindow } from '../../api/response-windows.ts';

/** Checks the hours typed for a shop: empty follows the platform; otherwise 1 to 72 whole hours. */
export function hoursError(value: string): string | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= limits.inbox.responseWindowHoursMax
    ? null
    : messages.inbox.responseWindow;
}

function ShopWindow({ shop, setting }: { shop: Shop; setting: ResponseWindowSetting }) {
  const [value, setValue] = useState(setting.hours === null ? '' : String(setting.hours));
  const save = useSaveResponseWindow();
  const error = hoursError(value);
  const changed = value.trim() !== (setting.hours === null ? '' : String(setting.hours));
  return (
    <Stack spacing={1} component="section" aria-label={shop.addInformation.name}>
      <Typography sx={{ fontWeight: 700 }}>{shop.addInformation.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {setting.platformRule}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={inboxWords.windows.hours}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!!error || !!save.error}
          helperText={error ?? save.error?.message ?? inboxWords.windows.hoursHint}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: 1 }}
        />
        <Button
          variant="outlined"
          disabled={!!error || !changed}
          loading={save.isPending}
          onClick={() => save.mutate({ shopId: shop.id, hours: value.trim() ? Number(value) : null })}
        >
          {inboxWords.savedReplies.save}
        </Button>
      </Stack>
    </Stack>
  );
}

function ShopWindowLoader({ shop }: { shop: Shop }) {
  const setting = useResponseWindow(shop.id);
  if (setting.isPending) return <CircularProgress size={20} />;
  if (setting.error) return <Alert severity="error">{setting.error.message}</Alert>;
  return <ShopWindow shop={shop} setting={setting.data} />;
}

/** The countdown's reply window per marketplace shop: the platform's published rule unless set. */
export function ResponseWindowsDialog({
  open,
  onClose,
  shops,
}: {
  open: boolean;
  onClose: () => void;
  shops: Shop[];
}) {
  const marketplaces = shops.filter((s) => s.providerName !== 'website');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="windows-title">
      <DialogTitle id="windows-title">{inboxWords.windows.title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {inboxWords.windows.intro}
        </Typography>
        {marketplaces.length === 0 && <Typography>{inboxWords.windows.none}</Typography>}
        <Stack spacing={3}>
          {marketplaces.map((shop) => (
            <ShopWindowLoader key={shop.id} shop={shop} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{inboxWords.savedReplies.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
