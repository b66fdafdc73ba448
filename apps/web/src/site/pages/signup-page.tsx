/** @jsxImportSource preact */
import { messages, type SessionAnswer, type SignupBody, signupBody } from '@balas/contracts';
import { useState } from 'preact/hooks';
import { post, SiteApiError } from '../api.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { ErrorAlert, FormHeading, PasswordField, SubmitButton, TextField } from '../components/fields.tsx';
import { useForm } from '../form.ts';
import { enterDashboard } from './login-page.tsx';

/** Spec §8: a message containing 'user already exist' becomes the portal's text; anything else the fallback. */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof SiteApiError) {
    const said = [error.message, ...Object.values(error.fields)].join(' ');
    if (said.includes(messages.auth.userExists)) return messages.auth.userExistsShown;
  }
  return messages.auth.signupFallback;
}

type SignupValues = Required<Record<keyof SignupBody, string>>;

/** /signup: signing up logs in (spec §4) and opens the dashboard. */
export function SignupPage() {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SignupValues>(signupBody, {
    name: '',
    email: '',
    phone: '',
    password: '',
    confirm: '',
  });
  const onSubmit = form.submit(async (values) => {
    setError(null);
    try {
      enterDashboard(await post<SessionAnswer>('/signup', signupBody.parse(values)));
    } catch (e) {
      const message = signupErrorMessage(e);
      if (message !== messages.auth.userExistsShown && e instanceof SiteApiError)
        form.showServerErrors(e.fields);
      setError(message);
    }
  });
  return (
    <AuthLayout>
      <form method="post" noValidate onSubmit={onSubmit} aria-label="Sign up">
        <FormHeading title="Create your account" text="Connect your first shop in under a minute." />
        <div class="stack">
          <ErrorAlert message={error} onClose={() => setError(null)} />
          <TextField label="First name" autoComplete="given-name" {...form.field('name')} />
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <TextField
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            placeholder="012-345 6789"
            {...form.field('phone')}
          />
          <PasswordField label="Password" autoComplete="new-password" {...form.field('password')} />
          <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('confirm')} />
          <SubmitButton busy={form.submitting}>Sign up</SubmitButton>
          <p class="muted small center">
            Already have an account? <a href="/login">Log in</a>
          </p>
          <p class="muted small center">
            By signing up you agree to our <a href="/terms">Terms &amp; Conditions</a> and{' '}
            <a href="/privacy">Privacy Policy</a>.
          </p>
        </div>
      </form>
    </AuthLayout>
  );
}
