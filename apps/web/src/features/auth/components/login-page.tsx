import { useState } from 'react';
import { AuthLayout } from './auth-layout.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';

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
