import CheckRounded from '@mui/icons-material/CheckRounded';
import { Box, Button, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { SectionHeading } from './section-heading.tsx';

/** Spec §1: three identical cards. */
const plans = ['first', 'second', 'third'];

function PlanCard() {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: 4, display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Typography variant="h5" component="h3">
          Starter
        </Typography>
        <Typography color="text.secondary">1 Shop</Typography>
        <Typography component="p" sx={{ my: 3 }}>
          <Box component="span" sx={{ fontSize: 40, fontWeight: 800, letterSpacing: '-0.02em' }}>
            RM100
          </Box>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {' '}
            per month
          </Box>
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mb: 4, flex: 1 }}>
          <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CheckRounded color="primary" fontSize="small" aria-hidden />
            <Typography>7-day training history</Typography>
          </Stack>
        </Stack>
        <Button component={Link} to="/signup" variant="contained" size="large" fullWidth>
          Sign up for free
        </Button>
      </CardContent>
    </Card>
  );
}

export function PricingSection() {
  return (
    <Container
      id="pricing"
      maxWidth="lg"
      component="section"
      aria-labelledby="pricing-title"
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
    >
      <SectionHeading id="pricing-title" title="Pricing" text="One simple plan. Start for free." />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
        {plans.map((plan) => (
          <PlanCard key={plan} />
        ))}
      </Box>
    </Container>
  );
}
