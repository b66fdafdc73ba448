import { messages, type ResetPasswordBody, resetPasswordBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { resetPassword } from '../api/session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBody),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', password_confirmation: '', token, email: search.get('email') ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Spec §5: the mismatch message is cleared as soon as the merchant types again.
  const clear = () => form.clearErrors();

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword(values);
      setDone(true);
    } catch (e) {
      setError((e as Error).message);
    }
  });

  return (
    <AuthLayout>
      <Card sx={{ borderRadius: 3, boxShadow: '0 10px 40px rgba(31,42,55,.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          {done ? (
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
              <CheckCircle color="primary" sx={{ fontSize: 56 }} />
              <Typography variant="h5" component="h2">
                {messages.auth.resetDoneTitle}
              </Typography>
              <Typography color="text.secondary">{messages.auth.resetDoneBody}</Typography>
              <Button variant="contained" onClick={() => navigate('/')}>
                Proceed to login
              </Button>
            </Stack>
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit}>
              <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
                Choose a new password
              </Typography>
              <Stack spacing={2}>
                {error && (
                  <Alert severity="error" onClose={() => setError(null)}>
                    {error}
                  </Alert>
                )}
                <PasswordField
                  label="New Password"
                  autoComplete="new-password"
                  {...form.register('password', { onChange: clear })}
                  error={!!errors.password}
                  helperText={errors.password?.message}
                />
                <PasswordField
                  label="Confirm Password"
                  autoComplete="new-password"
                  {...form.register('password_confirmation', { onChange: clear })}
                  error={!!errors.password_confirmation}
                  helperText={errors.password_confirmation?.message}
                />
                <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                  Reset Password
                </Button>
              </Stack>
            </Box>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
