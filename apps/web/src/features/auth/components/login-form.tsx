import { type SigninBody, signinBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { fieldProps } from '../../../lib/forms.ts';
import { useSignIn } from '../api/sign-in.ts';
import { FormHeading } from './form-heading.tsx';
import { PasswordField } from './password-field.tsx';

export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SigninBody>({
    resolver: zodResolver(signinBody),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signIn.mutateAsync(values);
      navigate('/dashboard/shops');
    } catch (e) {
      setError((e as Error).message);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Log in">
      <FormHeading title="Log in" text="Welcome back. Your shoppers are waiting." />
      <Stack spacing={2.5}>
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <TextField label="Email" type="email" autoComplete="email" {...fieldProps(form, 'email')} />
        <PasswordField label="Password" autoComplete="current-password" {...fieldProps(form, 'password')} />
        <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
          <MuiLink component="button" type="button" variant="body2" onClick={onForgot}>
            Forgot password?
          </MuiLink>
        </Box>
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
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
  );
}
