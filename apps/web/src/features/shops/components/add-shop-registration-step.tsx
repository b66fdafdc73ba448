import type { Provider } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { applyFieldErrors } from '../../../lib/api-client.ts';
import { fieldProps } from '../../../lib/forms.ts';
import { authorizationRedirect, useCreateShop } from '../api/create-shop.ts';
import { openAuthorizationWindow, showAuthorization } from '../hooks/authorization-window.ts';
import { providerLabel } from './provider-badge.tsx';
import { ShopContactFields } from './shop-contact-fields.tsx';
import { contactFields, type ShopRegistrationValues, shopRegistrationForm } from './shop-form-schemas.ts';

/** Step 2: the shop's contact details; marketplaces then authorize in a new window (spec §4). */
export function AddShopRegistrationStep({ provider }: { provider: Provider }) {
  const navigate = useNavigate();
  const create = useCreateShop();
  const [error, setError] = useState<string | null>(null);
  const marketplace = provider !== 'website';
  const form = useForm<ShopRegistrationValues>({
    resolver: zodResolver(shopRegistrationForm),
    mode: 'onTouched',
    defaultValues: { name: '', person_name: '', person_email: '', person_phone: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    const popup = marketplace ? openAuthorizationWindow() : null;
    try {
      const redirect = authorizationRedirect(provider, window.location.origin);
      const { authUrl, id } = await create.mutateAsync({ provider, body: { ...values, redirect } });
      if (marketplace) showAuthorization(popup, authUrl);
      navigate(`/dashboard/addshop/pending?provider=${provider}&shopId=${id}`, { state: { authUrl } });
    } catch (e) {
      popup?.close();
      setError(applyFieldErrors(e, form.setError, contactFields));
    }
  });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h6" component="h2">
          {providerLabel(provider)} shop details
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {marketplace
            ? `We will open ${providerLabel(provider)} in a new window so you can approve Balas.`
            : 'Your website gets its own chat widget once the shop is created.'}
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Shop registration">
          <Stack spacing={2.5}>
            <ErrorAlert message={error} onClose={() => setError(null)} />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
              <ShopContactFields field={(name) => fieldProps(form, name)} />
            </Box>
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
              <Button component={Link} to="/dashboard/addshop">
                Back
              </Button>
              <Button
                type="submit"
                variant="contained"
                loading={form.formState.isSubmitting}
                endIcon={marketplace ? <OpenInNewRounded /> : undefined}
              >
                {marketplace ? `Authorize on ${providerLabel(provider)}` : 'Create website shop'}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
