import { type ForgotPasswordBody, forgotPasswordBody, messages } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { forgotPassword } from '../api/session.ts';

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBody),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await forgotPassword(values);
      setDone(true);
    } catch (e) {
      setError((e as Error).message);
    }
  });

  if (done) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
        <CheckCircle color="primary" sx={{ fontSize: 56 }} />
        <Typography>{messages.auth.forgotSent}</Typography>
        <Button onClick={onBack}>Back to log in</Button>
      </Stack>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Forgot your password?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Enter your e-mail and we will send you a link to choose a new one.
      </Typography>
      <Stack spacing={2}>
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={!!form.formState.errors.email}
          helperText={form.formState.errors.email?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Send reset link
        </Button>
        <Button onClick={onBack}>Back to log in</Button>
      </Stack>
    </Box>
  );
}
