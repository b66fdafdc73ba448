import { accountWords, type ChangePasswordBody, changePasswordBody } from '@balas/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { applyFieldErrors } from '../../../lib/api-client.ts';
import { fieldProps } from '../../../lib/forms.ts';
import { useChangePassword } from '../api/change-password.ts';
import { PasswordField } from './password-field.tsx';

const words = accountWords.password;
const fields = ['current_password', 'password', 'password_confirmation'] as const;
const empty: ChangePasswordBody = { current_password: '', password: '', password_confirmation: '' };

/**
 * The password change: the current password and a new one twice. The server judges the new one
 * (common, guessable); its messages land on the fields. This session stays signed in.
 */
export function ChangePasswordForm({ email }: { email: string | undefined }) {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: empty,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    setDone(null);
    try {
      const answer = await change.mutateAsync(values);
      form.reset(empty);
      setDone(words.changed(answer.endedSessions));
    } catch (e) {
      setError(applyFieldErrors(e, form.setError, fields));
    }
  });

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="change-password-title"
          aria-describedby="change-password-intro"
        >
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="h6" component="h2" id="change-password-title">
                {words.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" id="change-password-intro" sx={{ mt: 0.5 }}>
                {words.intro}
              </Typography>
            </Box>
            {/* Tells a password manager which account's password this is. */}
            <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
            <ErrorAlert message={error} onClose={() => setError(null)} />
            {done && (
              <Alert severity="success" role="status" onClose={() => setDone(null)}>
                {done}
              </Alert>
            )}
            <PasswordField
              label={words.current}
              autoComplete="current-password"
              required
              {...fieldProps(form, 'current_password')}
            />
            <PasswordField
              label={words.new}
              autoComplete="new-password"
              required
              {...fieldProps(form, 'password', { hint: words.newHint })}
            />
            <PasswordField
              label={words.confirm}
              autoComplete="new-password"
              required
              {...fieldProps(form, 'password_confirmation')}
            />
            <Box>
              <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
                {words.submit}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
