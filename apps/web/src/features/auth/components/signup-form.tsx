import { type SignupBody, signupBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { applyFieldErrors } from '../../../lib/api-client.ts';
import { fieldProps } from '../../../lib/forms.ts';
import { useSignUp } from '../api/sign-up.ts';
import { FormHeading } from './form-heading.tsx';
import { PasswordField } from './password-field.tsx';
import { isDuplicateUser, signupErrorMessage } from './signup-error.ts';

const fields = ['name', 'email', 'phone', 'password', 'confirm'] as const;

export function SignupForm() {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignupBody>({
    resolver: zodResolver(signupBody),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', phone: '', password: '', confirm: '' },
  });
  // The confirmation follows the password once the merchant has filled it in.
  const recheckConfirm = () => {
    if (form.formState.touchedFields.confirm) void form.trigger('confirm');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await signUp.mutateAsync(values);
      navigate('/dashboard/shops');
    } catch (e) {
      if (!isDuplicateUser(e)) applyFieldErrors(e, form.setError, fields);
      setError(signupErrorMessage(e));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign up">
      <FormHeading title="Create your account" text="Connect your first shop in under a minute." />
      <Stack spacing={2.5}>
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <TextField label="First name" autoComplete="given-name" {...fieldProps(form, 'name')} />
        <TextField label="Email" type="email" autoComplete="email" {...fieldProps(form, 'email')} />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          placeholder="012-345 6789"
          {...fieldProps(form, 'phone')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...fieldProps(form, 'password', { register: { onChange: recheckConfirm } })}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          {...fieldProps(form, 'confirm')}
        />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          Sign up
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <MuiLink component={Link} to="/login">
            Log in
          </MuiLink>
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          By signing up you agree to our{' '}
          <MuiLink component={Link} to="/terms">
            Terms &amp; Conditions
          </MuiLink>{' '}
          and{' '}
          <MuiLink component={Link} to="/privacy">
            Privacy Policy
          </MuiLink>
          .
        </Typography>
      </Stack>
    </Box>
  );
}
