import { type DraftMode, type DraftModeSetting, draftModes, draftWords, inboxWords } from '@balas/contracts';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Slider,
  Snackbar,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDraftModes, useSaveDraftMode } from '../api/drafts.ts';

function ShopDraftMode({ setting, onSaved }: { setting: DraftModeSetting; onSaved: () => void }) {
  const [mode, setMode] = useState<DraftMode>(setting.mode);
  const [below, setBelow] = useState(setting.below);
  const save = useSaveDraftMode();
  const changed = mode !== setting.mode || (mode === 'unsure' && below !== setting.below);
  const groupId = `draft-mode-${setting.shopId}`;
  return (
    <Stack spacing={1} component="section" aria-labelledby={groupId}>
      <Typography id={groupId} sx={{ fontWeight: 700 }}>
        {setting.shopName}
      </Typography>
      <RadioGroup
        aria-label={draftWords.modeLabel(setting.shopName)}
        value={mode}
        onChange={(e) => setMode(e.target.value as DraftMode)}
      >
        {draftModes.map((m) => (
          <FormControlLabel key={m} value={m} control={<Radio size="small" />} label={draftWords.modes[m]} />
        ))}
      </RadioGroup>
      {mode === 'unsure' && (
        <Stack sx={{ px: 1 }}>
          <Typography variant="body2" id={`${groupId}-below`}>
            {draftWords.belowLabel}: <strong>{draftWords.belowValue(below)}</strong>
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }} aria-hidden>
            <Typography variant="caption" color="text.secondary">
              {draftWords.belowLess}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {draftWords.belowMore}
            </Typography>
          </Stack>
          <Slider
            value={below}
            min={0.05}
            max={0.95}
            step={0.05}
            onChange={(_, v) => setBelow(v as number)}
            valueLabelDisplay="off"
            getAriaValueText={draftWords.belowValue}
            slotProps={{ input: { 'aria-labelledby': `${groupId}-below` } }}
          />
        </Stack>
      )}
      {save.error && <Alert severity="error">{save.error.message}</Alert>}
      <Stack direction="row">
        <Button
          variant="outlined"
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { shopId: setting.shopId, mode, ...(mode === 'unsure' ? { below } : {}) },
              { onSuccess: onSaved },
            )
          }
        >
          {inboxWords.savedReplies.save}
        </Button>
      </Stack>
    </Stack>
  );
}

/** Draft mode per shop: off, always, or only when the chatbot is unsure (issue 28.3). */
export function DraftModesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const modes = useDraftModes(open);
  const [saved, setSaved] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="draft-modes-title">
      <DialogTitle id="draft-modes-title">{draftWords.settingsTitle}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {draftWords.settingsHelp}
        </Typography>
        {modes.isPending && <CircularProgress size={20} />}
        {modes.error && <Alert severity="error">{modes.error.message}</Alert>}
        <Stack spacing={3}>
          {modes.data?.map((setting) => (
            <ShopDraftMode
              key={`${setting.shopId}-${setting.mode}-${setting.below}`}
              setting={setting}
              onSaved={() => setSaved(true)}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{inboxWords.savedReplies.close}</Button>
      </DialogActions>
      <Snackbar
        open={saved}
        autoHideDuration={3000}
        onClose={() => setSaved(false)}
        message={draftWords.saved}
      />
    </Dialog>
  );
}
