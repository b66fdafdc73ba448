import { type SigninBody, signinBody } from '@balas/contracts';
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
import { signIn } from '../api/session.ts';
import { AuthLayout } from './auth-layout.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { PasswordField } from './password-field.tsx';

export function LoginPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);
  const form = useForm<SigninBody>({
    resolver: zodResolver(signinBody),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signIn(values);
      navigate('/dashboard/shops');
    } catch (e) {
      setError((e as Error).message);
    }
  });

  return (
    <AuthLayout>
      <Card sx={{ borderRadius: 3, boxShadow: '0 10px 40px rgba(31,42,55,.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          {forgot ? (
            <ForgotPasswordForm onBack={() => setForgot(false)} />
          ) : (
            <Box component="form" noValidate onSubmit={onSubmit}>
              <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
                Log in
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                Welcome back. Your shoppers are waiting.
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
                  error={!!errors.email}
                  helperText={errors.email?.message}
                />
                <PasswordField
                  label="Password"
                  autoComplete="current-password"
                  {...form.register('password')}
                  error={!!errors.password}
                  helperText={errors.password?.message}
                />
                <Box sx={{ textAlign: 'right' }}>
                  <MuiLink component="button" type="button" onClick={() => setForgot(true)}>
                    Forgot password?
                  </MuiLink>
                </Box>
                <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
                  Log in
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                  New to Balas?{' '}
                  <MuiLink component={Link} to="/signup">
                    Create an account
                  </MuiLink>
                </Typography>
              </Stack>
            </Box>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
