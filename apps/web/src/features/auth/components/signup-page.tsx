import { messages, type SignupBody, signupBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { signUp } from '../api/session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';

/** Spec §8: 'user already exist' becomes the portal's message; anything else a plain fallback. */
export function signupErrorMessage(error: unknown): string {
  const text = error instanceof ApiError ? `${error.message} ${Object.values(error.fields).join(' ')}` : '';
  if (text.includes(messages.auth.userExists)) return messages.auth.userExistsShown;
  if (error instanceof ApiError && error.code === 'network') return error.message;
  return messages.auth.signupFallback;
}

export function SignupPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignupBody>({
    resolver: zodResolver(signupBody),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', phone: '', password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signUp(values);
      navigate('/dashboard/shops');
    } catch (e) {
      setError(signupErrorMessage(e));
    }
  });

  return (
    <AuthLayout>
      <Card sx={{ borderRadius: 3, boxShadow: '0 10px 40px rgba(31,42,55,.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box component="form" noValidate onSubmit={onSubmit}>
            <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
              Create your account
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              Connect your first shop in under a minute.
            </Typography>
            <Stack spacing={2}>
              {error && (
                <Alert severity="error" onClose={() => setError(null)}>
                  {error}
                </Alert>
              )}
              <TextField
                label="First name"
                autoComplete="given-name"
                {...form.register('name')}
                error={!!errors.name}
                helperText={errors.name?.message}
              />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                {...form.register('email')}
                error={!!errors.email}
                helperText={errors.email?.message}
              />
              <TextField
                label="Phone (optional)"
                type="tel"
                autoComplete="tel"
                placeholder="012-345 6789"
                {...form.register('phone')}
                error={!!errors.phone}
                helperText={errors.phone?.message}
              />
              <PasswordField
                label="Password"
                autoComplete="new-password"
                {...form.register('password', {
                  onChange: () => form.formState.touchedFields.confirm && void form.trigger('confirm'),
                })}
                error={!!errors.password}
                helperText={errors.password?.message}
              />
              <PasswordField
                label="Confirm password"
                autoComplete="new-password"
                {...form.register('confirm')}
                error={!!errors.confirm}
                helperText={errors.confirm?.message}
              />
              <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                Sign up
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                Already have an account?{' '}
                <MuiLink component={Link} to="/login">
                  Log in
                </MuiLink>
              </Typography>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
