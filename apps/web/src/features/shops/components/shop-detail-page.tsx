import { messages, type Shop, type ShopUpdateBody, shopUpdateBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Snackbar,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useRemoveShop, useShops, useUpdateShop } from '../api/shops.ts';
import { ProviderBadge } from './provider-badge.tsx';
import { StatusChip } from './shops-page.tsx';

/** /dashboard/shops/shopee/{id}: banner with the bot switch, conversations, and the shop's settings. */
export function ShopDetailPage({ conversations }: { conversations?: (shop: Shop) => ReactNode }) {
  const { id } = useParams();
  const shops = useShops();
  if (shops.isLoading) return null;
  const shop = shops.data?.find((s) => s.id === id);
  if (!shop) return <Navigate to="/dashboard/shops" replace />;
  return (
    <Stack spacing={3}>
      <Banner shop={shop} />
      {conversations?.(shop)}
      {shop.providerName === 'website' && <EmbedSnippet shop={shop} />}
      <ShopSettings key={shop.id} shop={shop} />
      <RemoveShop shop={shop} />
    </Stack>
  );
}

function Banner({ shop }: { shop: Shop }) {
  const update = useUpdateShop(shop.id);
  return (
    <Card sx={{ background: 'linear-gradient(120deg, #42b883 0%, #2f9e6d 100%)', color: '#fff', border: 0 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Box>
            <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
              <ProviderBadge provider={shop.providerName} />
              <Box sx={{ bgcolor: '#fff', borderRadius: 4 }}>
                <StatusChip shop={shop} />
              </Box>
            </Stack>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
              {shop.addInformation.name}
            </Typography>
          </Box>
          <FormControlLabel
            sx={{ bgcolor: 'rgba(255,255,255,.15)', borderRadius: 2, pr: 2, m: 0 }}
            control={
              <Switch
                checked={update.isPending ? !shop.defaultBotStatus : shop.defaultBotStatus}
                onChange={() => update.mutate({ defaultBotStatus: !shop.defaultBotStatus })}
                color="default"
                slotProps={{ input: { 'aria-label': 'Chatbot' } }}
              />
            }
            label={shop.defaultBotStatus ? 'Chatbot is on' : 'Chatbot is off'}
          />
        </Stack>
        {update.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {(update.error as Error).message}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function EmbedSnippet({ shop }: { shop: Shop }) {
  const [copied, setCopied] = useState(false);
  const snippet = `<script src="${location.origin}/widget.js" data-shop="${shop.id}" async></script>`;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          Add the chat to your website
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Paste this line before the closing &lt;/body&gt; tag of every page where shoppers should see the
          chat button.
        </Typography>
        <Box
          component="pre"
          aria-label="Embed snippet"
          sx={{
            bgcolor: '#1f2a37',
            color: '#e5f6ee',
            p: 2,
            borderRadius: 2,
            overflowX: 'auto',
            fontSize: 13,
            m: 0,
          }}
        >
          {snippet}
        </Box>
        <Button
          startIcon={<ContentCopy />}
          sx={{ mt: 1 }}
          onClick={async () => {
            await navigator.clipboard.writeText(snippet);
            setCopied(true);
          }}
        >
          Copy snippet
        </Button>
        <Snackbar open={copied} autoHideDuration={2000} onClose={() => setCopied(false)} message="Copied" />
      </CardContent>
    </Card>
  );
}

function ShopSettings({ shop }: { shop: Shop }) {
  const update = useUpdateShop(shop.id);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ShopUpdateBody>({
    resolver: zodResolver(shopUpdateBody),
    mode: 'onTouched',
    defaultValues: {
      ...shop.addInformation,
      vouchersEnabled: shop.config.vouchersEnabled,
      pauseBotOnManualReply: shop.config.pauseBotOnManualReply,
      handoverMessage: shop.config.handoverMessage,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync(values);
      setSaved(true);
    } catch (e) {
      setError(
        applyServerErrors(e, form.setError, [
          'name',
          'person_name',
          'person_email',
          'person_phone',
          'handoverMessage',
        ]),
      );
    }
  });
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Shop details
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
              <TextField
                label="Shop name"
                {...form.register('name')}
                error={!!errors.name}
                helperText={errors.name?.message}
              />
              <TextField
                label="Contact person"
                {...form.register('person_name')}
                error={!!errors.person_name}
                helperText={errors.person_name?.message}
              />
              <TextField
                label="Contact email"
                {...form.register('person_email')}
                error={!!errors.person_email}
                helperText={errors.person_email?.message}
              />
              <TextField
                label="Contact number"
                {...form.register('person_phone')}
                error={!!errors.person_phone}
                helperText={errors.person_phone?.message}
              />
            </Box>
            <TextField
              label="Handover message"
              placeholder="Thank you! A member of our team will reply to you shortly."
              multiline
              minRows={2}
              {...form.register('handoverMessage')}
              error={!!errors.handoverMessage}
              helperText={
                errors.handoverMessage?.message ??
                'Sent to the shopper when the chatbot hands the chat to your team. Leave empty for our default in the shopper’s language.'
              }
            />
            <FormControlLabel
              control={
                <Switch
                  {...form.register('pauseBotOnManualReply')}
                  defaultChecked={shop.config.pauseBotOnManualReply}
                />
              }
              label="Pause the bot in a conversation when I reply myself"
            />
            <FormControlLabel
              control={
                <Switch {...form.register('vouchersEnabled')} defaultChecked={shop.config.vouchersEnabled} />
              }
              label="Vouchers page"
            />
            <Box>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
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

function RemoveShop({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveShop();
  const navigate = useNavigate();
  return (
    <Box>
      <Button color="error" startIcon={<DeleteOutline />} onClick={() => setOpen(true)}>
        Remove shop
      </Button>
      {remove.error && <Alert severity="error">{(remove.error as Error).message}</Alert>}
      <ConfirmDialog
        open={open}
        message={messages.shops.removeConfirm}
        confirmLabel="Remove shop"
        destructive
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await remove.mutateAsync(shop.id);
          localStorage.removeItem('shopId');
          setOpen(false);
          navigate('/dashboard/shops');
        }}
      />
    </Box>
  );
}
