import { Box, Step, StepLabel, Stepper } from '@mui/material';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';

const steps = ['Choose Shop', 'Registration', 'Authorization'];
/** A website has nothing to authorize: its last step is putting the chat on the site. */
const websiteSteps = ['Choose Shop', 'Registration', 'Add to your website'];

/** Which step a wizard address is on; `complete` marks every step done. */
export function activeStep(pathname: string): number {
  const last = pathname.split('/').filter(Boolean).at(-1);
  if (last === 'addshop') return 0;
  if (last === 'pending') return 2;
  if (last === 'complete') return steps.length;
  return 1;
}

/** /dashboard/addshop: the three-step wizard (spec §2, §4); its children render the steps. */
export function AddShopPage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const website = pathname.endsWith('/website') || search.get('provider') === 'website';
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }}>
      <PageHeader title="Add Shop" subtitle="Connect a marketplace shop or your website in three steps." />
      <Stepper activeStep={activeStep(pathname)} alternativeLabel sx={{ mb: { xs: 3, sm: 5 } }}>
        {(website ? websiteSteps : steps).map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Outlet />
    </Box>
  );
}
