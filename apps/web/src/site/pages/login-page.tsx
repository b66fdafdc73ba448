/** @jsxImportSource preact */
import {
  type ForgotPasswordBody,
  forgotPasswordBody,
  messages,
  type SessionAnswer,
  type SigninBody,
  signinBody,
} from '@balas/contracts';
import { useState } from 'preact/hooks';
import { post, tokenKey } from '../api.ts';
import { AuthLayout, SuccessPanel } from '../components/auth-layout.tsx';
import { ErrorAlert, FormHeading, PasswordField, SubmitButton, TextField } from '../components/fields.tsx';
import { useForm } from '../form.ts';

/** Stores the session where the dashboard reads it, and opens the dashboard (spec §2: the shops). */
export function enterDashboard(session: SessionAnswer) {
  localStorage.setItem(tokenKey, session.accessToken);
  location.assign('/dashboard');
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<SigninBody>(signinBody, { email: '', password: '' });
  const onSubmit = form.submit(async (values) => {
    setError(null);
    try {
      enterDashboard(await post<SessionAnswer>('/signin', signinBody.parse(values)));
    } catch (e) {
      setError((e as Error).message);
    }
  });
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-label="Log in">
      <FormHeading title="Log in" text="Welcome back. Your shoppers are waiting." />
      <div class="stack">
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} />
        <div class="align-end">
          <button type="button" class="link-button" onClick={onForgot}>
            Forgot password?
          </button>
        </div>
        <SubmitButton busy={form.submitting}>Log in</SubmitButton>
        <p class="muted small center">
          New to Balas? <a href="/signup">Create an account</a>
        </p>
      </div>
    </form>
  );
}

/** Spec §4: e-mail form, then a success view with a check mark; a failure shows the server's message. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<ForgotPasswordBody>(forgotPasswordBody, { email: '' });
  const onSubmit = form.submit(async (values) => {
    setError(null);
    try {
      await post('/forgot_password', forgotPasswordBody.parse(values));
      setSent(true);
    } catch (e) {
      setError((e as Error).message);
    }
  });
  if (sent) {
    return (
      <SuccessPanel title="Check your email" text={messages.auth.forgotSent}>
        <button type="button" class="button button-text" onClick={onBack}>
          Back to log in
        </button>
      </SuccessPanel>
    );
  }
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-label="Forgot password">
      <FormHeading
        title="Forgot your password?"
        text="Enter your email and we will send you a link to choose a new one."
      />
      <div class="stack">
        <ErrorAlert message={error} onClose={() => setError(null)} />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <SubmitButton busy={form.submitting}>Send reset link</SubmitButton>
        <button type="button" class="button button-text" onClick={onBack}>
          Back to log in
        </button>
      </div>
    </form>
  );
}

/** /login: the login form, or the forgot-password flow in its place. */
export function LoginPage() {
  const [forgot, setForgot] = useState(false);
  return (
    <AuthLayout>
      {forgot ? (
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      ) : (
        <LoginForm onForgot={() => setForgot(true)} />
      )}
    </AuthLayout>
  );
}
