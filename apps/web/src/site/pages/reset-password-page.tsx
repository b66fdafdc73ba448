/** @jsxImportSource preact */
import { messages, type ResetPasswordBody, resetPasswordBody } from '@balas/contracts';
import { useState } from 'preact/hooks';
import { post, SiteApiError } from '../api.ts';
import { AuthLayout, SuccessPanel } from '../components/auth-layout.tsx';
import { ErrorAlert, FormHeading, PasswordField, SubmitButton } from '../components/fields.tsx';
import { useForm } from '../form.ts';

/** Checked on submit; a field's message disappears as soon as the merchant types in it again (spec §5). */
function ResetPasswordForm({ token, email, onDone }: { token: string; email: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Required<Record<keyof ResetPasswordBody, string>>>(
    resetPasswordBody,
    { password: '', password_confirmation: '', token, email },
    'submit',
  );
  // The link itself is broken when its token or e-mail does not pass: nothing the merchant types fixes it.
  const linkError = form.errors.token || form.errors.email ? messages.auth.resetInvalid : null;
  const onSubmit = form.submit(async (values) => {
    setError(null);
    try {
      await post('/reset_password', resetPasswordBody.parse(values));
      onDone();
    } catch (e) {
      const fields = e instanceof SiteApiError ? e.fields : {};
      const known = Object.keys(fields).some((f) => f === 'password' || f === 'password_confirmation');
      form.showServerErrors(fields);
      setError(known ? null : (e as Error).message);
    }
  });
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-label="Reset password">
      <FormHeading title="Choose a new password" text={email ? `For ${email}` : undefined} />
      <div class="stack">
        <ErrorAlert message={error ?? linkError} onClose={() => setError(null)} />
        <PasswordField label="New Password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          {...form.field('password_confirmation')}
        />
        <SubmitButton busy={form.submitting}>Reset Password</SubmitButton>
      </div>
    </form>
  );
}

/** /reset-password/{token}?email=…: the form, then the completion view (spec §2). */
export function ResetPasswordPage({ token, email }: { token: string; email: string }) {
  const [done, setDone] = useState(false);
  return (
    <AuthLayout>
      {done ? (
        <SuccessPanel title={messages.auth.resetDoneTitle} text={messages.auth.resetDoneBody}>
          <button
            type="button"
            class="button button-primary button-large"
            onClick={() => location.assign('/')}
          >
            Proceed to login
          </button>
        </SuccessPanel>
      ) : (
        <ResetPasswordForm token={token} email={email} onDone={() => setDone(true)} />
      )}
    </AuthLayout>
  );
}
