import { messages, type ResetPasswordBody, resetPasswordBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { applyFieldErrors } from '../../../lib/api-client.ts';
import { fieldProps } from '../../../lib/forms.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { FormHeading } from './form-heading.tsx';
import { PasswordField } from './password-field.tsx';

interface Props {
  token: string;
  email: string;
  onDone: () => void;
}

/** Checked on submit; a field's message disappears as soon as the merchant types in it again (spec §5). */
export function ResetPasswordForm({ token, email, onDone }: Props) {
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ResetPasswordBody>({
    resolver: zodResolver(resetPasswordBody),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', password_confirmation: '', token, email },
  });
  const { errors } = form.formState;
  // The link itself is broken when its token or e-mail does not pass: nothing the merchant can type fixes it.
  const linkError = errors.token || errors.email ? messages.auth.resetInvalid : null;
  const clearOnType = (name: 'password' | 'password_confirmation') => ({
    register: { onChange: () => form.clearErrors(name) },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await reset.mutateAsync(values);
      onDone();
    } catch (e) {
      setError(applyFieldErrors(e, form.setError, ['password', 'password_confirmation']));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset password">
      <FormHeading title="Choose a new password" text={email ? `For ${email}` : undefined} />
      <Stack spacing={2.5}>
        <ErrorAlert message={error ?? linkError} onClose={() => setError(null)} />
        <PasswordField
          label="New Password"
          autoComplete="new-password"
          {...fieldProps(form, 'password', clearOnType('password'))}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          {...fieldProps(form, 'password_confirmation', clearOnType('password_confirmation'))}
        />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          Reset Password
        </Button>
      </Stack>
    </Box>
  );
}
