import type { Shop } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  FormControlLabel,
  Snackbar,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { applyFieldErrors } from '../../../lib/api-client.ts';
import { fieldProps } from '../../../lib/forms.ts';
import { useUpdateShop } from '../api/update-shop.ts';
import { ShopContactFields } from './shop-contact-fields.tsx';
import { contactFields, type ShopSettingsValues, shopSettingsForm } from './shop-form-schemas.ts';

const valuesOf = (shop: Shop): ShopSettingsValues => ({ ...shop.addInformation, ...shop.config });

function SettingSwitch({
  control,
  name,
  label,
  hint,
}: {
  control: Control<ShopSettingsValues>;
  name: 'vouchersEnabled' | 'pauseBotOnManualReply';
  label: string;
  hint: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
          control={
            <Switch
              checked={field.value}
              onChange={(_event, checked) => field.onChange(checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
              name={field.name}
            />
          }
          label={
            <Box sx={{ pt: 1 }}>
              <Typography>{label}</Typography>
              <Typography variant="body2" color="text.secondary">
                {hint}
              </Typography>
            </Box>
          }
        />
      )}
    />
  );
}

/** The shop's contact details and settings, saved with `PUT /api/shopee/v1/{id}`. */
export function ShopSettingsForm({ shop }: { shop: Shop }) {
  const update = useUpdateShop(shop.id);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ShopSettingsValues>({
    resolver: zodResolver(shopSettingsForm),
    mode: 'onTouched',
    defaultValues: valuesOf(shop),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const updated = await update.mutateAsync(values);
      form.reset(valuesOf(updated));
      setSaved(true);
    } catch (e) {
      setError(applyFieldErrors(e, form.setError, [...contactFields, 'handoverMessage']));
    }
  });

  return (
    <Card sx={{ containerType: 'inline-size' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Shop details">
          <Stack spacing={2.5}>
            <Typography variant="h6" component="h2">
              Shop details
            </Typography>
            <ErrorAlert message={error} onClose={() => setError(null)} />
            {/* Two columns when the card itself is wide enough, whatever the window's width. */}
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: '1fr',
                gap: 2.5,
                '@container (min-width: 560px)': { gridTemplateColumns: '1fr 1fr' },
              }}
            >
              <ShopContactFields field={(name) => fieldProps(form, name)} />
            </Box>
            <Divider />
            <Typography variant="h6" component="h2">
              Chatbot settings
            </Typography>
            <SettingSwitch
              control={form.control}
              name="pauseBotOnManualReply"
              label="Pause the bot when I reply"
              hint="The chatbot stays quiet in a conversation after you answer it yourself."
            />
            <SettingSwitch
              control={form.control}
              name="vouchersEnabled"
              label="Vouchers page"
              hint="Show the vouchers the chatbot sent to shoppers in the menu."
            />
            <TextField
              label="Handover message"
              placeholder="Thank you! A member of our team will reply to you shortly."
              multiline
              minRows={2}
              {...fieldProps(form, 'handoverMessage', {
                hint: 'Sent to the shopper when the chatbot hands the chat to your team. Leave empty for our default in the shopper’s language.',
              })}
            />
            <Box>
              <Button
                type="submit"
                variant="contained"
                loading={form.formState.isSubmitting}
                disabled={!form.formState.isDirty}
              >
                Save changes
              </Button>
            </Box>
          </Stack>
        </Box>
        <Snackbar open={saved} autoHideDuration={2500} onClose={() => setSaved(false)} message="Saved" />
      </CardContent>
    </Card>
  );
}
