import { type ForgotPasswordBody, forgotPasswordBody, messages } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { fieldProps } from '../../../lib/forms.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { FormHeading } from './form-heading.tsx';

/** Spec §4: e-mail form, then a success view with a check icon; a failure shows the server's message. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({
    resolver: zodResolver(forgotPasswordBody),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await forgot.mutateAsync(values);
    } catch (e) {
      setError((e as Error).message);
    }
  });

  if (forgot.isSuccess) {
    return (
      <SuccessPanel text={messages.auth.forgotSent}>
        <Button onClick={onBack}>Back to log in</Button>
      </SuccessPanel>
    );
  }
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Forgot password">
      <FormHeading
        title="Forgot your password?"
        text="Enter your email and we will send you a link to choose a new one."
      />
      <Stack spacing={2.5}>
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <TextField label="Email" type="email" autoComplete="email" {...fieldProps(form, 'email')} />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          Send reset link
        </Button>
        <Button onClick={onBack}>Back to log in</Button>
      </Stack>
    </Box>
  );
}
