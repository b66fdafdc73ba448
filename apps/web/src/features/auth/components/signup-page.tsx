import { AuthLayout } from './auth-layout.tsx';
import { SignupForm } from './signup-form.tsx';

export function SignupPage() {
  return (
    <AuthLayout>
      <SignupForm />
    </AuthLayout>
  );
}
