import { messages } from '@balas/contracts';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** /reset-password/{token}?email=…: the form, then the completion view (spec §2). */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  return (
    <AuthLayout>
      {done ? (
        <SuccessPanel title={messages.auth.resetDoneTitle} text={messages.auth.resetDoneBody}>
          <Button variant="contained" size="large" onClick={() => navigate('/')}>
            Proceed to login
          </Button>
        </SuccessPanel>
      ) : (
        <ResetPasswordForm token={token} email={search.get('email') ?? ''} onDone={() => setDone(true)} />
      )}
    </AuthLayout>
  );
}
