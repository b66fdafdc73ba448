import type { Shop } from '@balas/contracts';
import { FormControlLabel, Switch } from '@mui/material';
import { useUpdateShop } from '../api/update-shop.ts';

/**
 * The shop's chatbot on/off (spec §4): asks for the opposite value and then shows the value the
 * server answered. While the call runs the switch already shows the requested value.
 */
export function BotSwitch({ shop, onError }: { shop: Shop; onError: (message: string) => void }) {
  const update = useUpdateShop(shop.id);
  const checked = update.isPending ? !shop.defaultBotStatus : shop.defaultBotStatus;
  return (
    <FormControlLabel
      sx={{ m: 0, pl: 0.5, pr: 2, py: 0.5, borderRadius: 2, bgcolor: 'rgba(255,255,255,.18)' }}
      control={
        <Switch
          checked={checked}
          disabled={update.isPending}
          onChange={() =>
            update.mutate(
              { defaultBotStatus: !shop.defaultBotStatus },
              { onError: (e) => onError(e.message) },
            )
          }
          color="default"
          slotProps={{ input: { 'aria-label': 'Chatbot' } }}
        />
      }
      label={checked ? 'Chatbot is on' : 'Chatbot is off'}
      slotProps={{ typography: { sx: { fontWeight: 600 } } }}
    />
  );
}
