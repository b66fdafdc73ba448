import { type Provider, type ShopCreateBody, shopCreateBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Language from '@mui/icons-material/Language';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { createShop } from '../api/shops.ts';
import { providerLabel } from './provider-badge.tsx';

const steps = ['Choose Shop', 'Registration', 'Authorization'];
const choices: { provider: Provider; title: string; text: string; color: string }[] = [
  { provider: 'shopee', title: 'Shopee', text: 'Answer chats of your Shopee shop.', color: '#ee4d2d' },
  { provider: 'lazada', title: 'Lazada', text: 'Answer chats of your Lazada shop.', color: '#0f146d' },
  { provider: 'website', title: 'Website', text: 'A chat widget for your own website.', color: '#42b883' },
];

/** /dashboard/addshop and its children shopee | lazada | website | pending | complete (spec §2, §4). */
export function AddShopWizard() {
  const { step } = useParams();
  const active = !step ? 0 : step === 'pending' || step === 'complete' ? 2 : 1;
  return (
    <Box sx={{ maxWidth: 820, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Add Shop
      </Typography>
      <Stepper activeStep={active} alternativeLabel sx={{ mb: 4 }}>
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {!step && <ChooseShop />}
      {(step === 'shopee' || step === 'lazada' || step === 'website') && <Registration provider={step} />}
      {step === 'pending' && <Pending />}
      {step === 'complete' && <Complete />}
    </Box>
  );
}

function ChooseShop() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
      {choices.map((c) => (
        <Card key={c.provider}>
          <CardActionArea
            component={Link}
            to={`/dashboard/addshop/${c.provider}`}
            sx={{ p: 3, height: '100%' }}
          >
            <Typography variant="h5" component="h2" sx={{ color: c.color, fontWeight: 800, mb: 1 }}>
              {c.provider === 'website' && <Language sx={{ verticalAlign: 'middle', mr: 1 }} />}
              {c.title}
            </Typography>
            <Typography color="text.secondary">{c.text}</Typography>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function Registration({ provider }: { provider: Provider }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ShopCreateBody>({
    resolver: zodResolver(shopCreateBody),
    mode: 'onTouched',
    defaultValues: { name: '', person_name: '', person_email: '', person_phone: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    // Spec §9: Shopee comes back to the complete page, Lazada and website to the site root.
    const redirect =
      provider === 'shopee' ? `${location.origin}/dashboard/addshop/complete` : `${location.origin}/`;
    // Open the window in the click, so pop-up blockers allow it, then point it at the platform.
    const popup = window.open('', '_blank');
    try {
      const { authUrl, id } = await createShop(provider, { ...values, redirect });
      if (popup) popup.location.href = authUrl;
      else window.open(authUrl, '_blank');
      navigate(`/dashboard/addshop/pending?shopId=${id}&provider=${provider}`);
    } catch (e) {
      popup?.close();
      setError(applyServerErrors(e, form.setError, ['name', 'person_name', 'person_email', 'person_phone']));
    }
  });
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {providerLabel(provider)} shop details
        </Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {error && <Alert severity="error">{error}</Alert>}
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
              type="email"
              {...form.register('person_email')}
              error={!!errors.person_email}
              helperText={errors.person_email?.message}
            />
            <TextField
              label="Contact number"
              type="tel"
              {...form.register('person_phone')}
              error={!!errors.person_phone}
              helperText={errors.person_phone?.message}
            />
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
              <Button component={Link} to="/dashboard/addshop">
                Back
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={isSubmitting}
                endIcon={provider === 'website' ? undefined : <OpenInNew />}
              >
                {provider === 'website' ? 'Create website shop' : `Authorize on ${providerLabel(provider)}`}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

function Pending() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const provider = new URLSearchParams(search).get('provider');
  const reload = async () => {
    await client.invalidateQueries({ queryKey: ['shops'] });
    navigate('/dashboard/shops');
  };
  return (
    <Card>
      <CardContent sx={{ p: 4, textAlign: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {provider === 'website'
            ? 'Your website shop is ready'
            : 'Finish the authorization in the new window'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {provider === 'website'
            ? 'Open it to copy the chat widget snippet for your website.'
            : 'Log in to your seller account there and approve Balas. Then come back and press Complete.'}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="outlined" onClick={reload}>
            Refresh
          </Button>
          <Button variant="contained" onClick={reload}>
            Complete
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Complete() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return (
    <Card>
      <CardContent sx={{ p: 4, textAlign: 'center' }}>
        <CheckCircle color="primary" sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Your shop is connected
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          We are importing its products and recent conversations. You can close the authorization window.
        </Typography>
        <Button
          variant="contained"
          onClick={async () => {
            await client.invalidateQueries({ queryKey: ['shops'] });
            navigate('/dashboard/shops');
          }}
        >
          Go to my shops
        </Button>
      </CardContent>
    </Card>
  );
}
