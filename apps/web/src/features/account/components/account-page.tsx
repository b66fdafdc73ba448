import { accountWords } from '@balas/contracts';
import { Alert, Box, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { PageHeader } from '../../../components/page-header.tsx';
import { useMe } from '../../auth/api/get-me.ts';
import { PushSettingsCard } from '../../push/components/push-settings-card.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

function Details() {
  const me = useMe();
  const rows = me.data
    ? [
        [accountWords.name, me.data.name],
        [accountWords.email, me.data.email],
        [accountWords.phone, me.data.phone || accountWords.noPhone],
      ]
    : [];
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {accountWords.details}
        </Typography>
        {me.error && <Alert severity="error">{me.error.message}</Alert>}
        {me.isPending && <Skeleton variant="rounded" height={96} aria-label="Loading your details" />}
        {me.data && (
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
              columnGap: 3,
              rowGap: { xs: 0.25, sm: 1.5 },
              '& dt': { color: 'text.secondary', mt: { xs: 1.25, sm: 0 } },
              '& dt:first-of-type': { mt: 0 },
              '& dd': { m: 0, fontWeight: 600, overflowWrap: 'anywhere' },
            }}
          >
            {rows.map(([term, value]) => (
              <Box key={term} sx={{ display: 'contents' }}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** /dashboard/account: the merchant's details, notifications on their devices and the password change. */
export function AccountPage() {
  const me = useMe();
  return (
    <Box sx={{ maxWidth: 640 }}>
      <PageHeader title={accountWords.title} subtitle={accountWords.subtitle} />
      <Stack spacing={2.5}>
        <Details />
        <PushSettingsCard />
        <ChangePasswordForm email={me.data?.email} />
      </Stack>
    </Box>
  );
}
