import { Box } from '@mui/material';
import { SiteFooter } from '../../../components/site-footer.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { IntegrationsSection } from './integrations-section.tsx';
import { LandingTopBar } from './landing-top-bar.tsx';
import { PricingSection } from './pricing-section.tsx';

/** `/`: what Balas does, where it works and what it costs (spec §1). */
export function LandingPage() {
  return (
    <Box sx={{ bgcolor: 'background.paper' }}>
      <LandingTopBar />
      <Box component="main">
        <HeroSection />
        <FeaturesSection />
        <IntegrationsSection />
        <PricingSection />
      </Box>
      <SiteFooter />
    </Box>
  );
}
