import AutoAwesome from '@mui/icons-material/AutoAwesome';
import Bolt from '@mui/icons-material/Bolt';
import Check from '@mui/icons-material/Check';
import Inventory2 from '@mui/icons-material/Inventory2';
import PowerSettingsNew from '@mui/icons-material/PowerSettingsNew';
import SupportAgent from '@mui/icons-material/SupportAgent';
import Translate from '@mui/icons-material/Translate';
import { Box, Button, Card, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Footer } from '../legal/footer.tsx';

const features = [
  {
    icon: Translate,
    title: 'Speaks your shoppers’ language',
    text: 'Answers in English, Bahasa Melayu and Chinese, in the language the shopper writes.',
  },
  {
    icon: SupportAgent,
    title: 'Human handover',
    text: 'Passes the chat to your team when a shopper asks for a person or the bot is not sure.',
  },
  {
    icon: Inventory2,
    title: 'Knows your products',
    text: 'Answers with your product information, sizes, care guides, delivery and return policies.',
  },
  {
    icon: PowerSettingsNew,
    title: 'One-click bot disable',
    text: 'Switch the bot off for a shop or a single conversation whenever you want to reply yourself.',
  },
  {
    icon: Bolt,
    title: 'Trained in under 5 minutes',
    text: 'Add topics and upload your documents: the bot learns from them right away.',
  },
  {
    icon: AutoAwesome,
    title: 'Always on',
    text: 'Replies in seconds, day and night, so no shopper waits for an answer.',
  },
];

const integrations = [
  { name: 'Shopee', color: '#ee4d2d', status: 'Live' },
  { name: 'Lazada', color: '#0f146d', status: 'Live' },
  { name: 'Your website', color: '#42b883', status: 'Live' },
  { name: 'TikTok Shop', color: '#111111', status: 'Coming Soon' },
];

export function LandingPage() {
  return (
    <Box sx={{ bgcolor: 'background.paper' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 1.5 }}
        >
          <Logo />
          <Stack direction="row" spacing={1}>
            <Button component={Link} to="/login">
              Login
            </Button>
            <Button component={Link} to="/signup" variant="contained">
              Sign Up
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box sx={{ background: 'linear-gradient(180deg, #e9f7f0 0%, #ffffff 100%)' }}>
        <Container maxWidth="lg" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
          <Chip
            label="AI customer service for Shopee, Lazada and your website"
            color="primary"
            variant="outlined"
            sx={{ mb: 3 }}
          />
          <Typography variant="h1" sx={{ fontSize: { xs: 36, sm: 48, md: 62 }, maxWidth: 900, mx: 'auto' }}>
            Reply to every shopper in seconds, while your team sells.
          </Typography>
          <Typography
            variant="h6"
            color="text.secondary"
            sx={{ fontWeight: 400, maxWidth: 700, mx: 'auto', mt: 3 }}
          >
            Balas answers your customers’ chats with what you taught it, cuts their waiting time and lets your
            staff focus on upselling.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center', mt: 5 }}>
            <Button component={Link} to="/signup" variant="contained" size="large">
              Start for free
            </Button>
            <Button component={Link} to="/login" variant="outlined" size="large">
              I have an account
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container
        maxWidth="lg"
        sx={{ py: { xs: 6, md: 10 } }}
        component="section"
        aria-labelledby="features-title"
      >
        <Typography
          id="features-title"
          variant="h3"
          component="h2"
          sx={{ textAlign: 'center', mb: 6, fontSize: { xs: 28, md: 38 } }}
        >
          Everything a busy shop needs
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
            gap: 3,
          }}
        >
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title} sx={{ height: '100%' }}>
              <CardContent sx={{ p: 3 }}>
                <Box
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 2,
                    bgcolor: '#e9f7f0',
                    display: 'grid',
                    placeItems: 'center',
                    mb: 2,
                  }}
                >
                  <Icon color="primary" />
                </Box>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {title}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>

      <Box
        sx={{ bgcolor: 'background.default', py: { xs: 6, md: 10 } }}
        component="section"
        aria-labelledby="integrations-title"
      >
        <Container maxWidth="lg">
          <Typography
            id="integrations-title"
            variant="h3"
            component="h2"
            sx={{ textAlign: 'center', mb: 6, fontSize: { xs: 28, md: 38 } }}
          >
            Integrations
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 3 }}>
            {integrations.map((i) => (
              <Card key={i.name}>
                <CardContent sx={{ textAlign: 'center', py: 4 }}>
                  <Typography variant="h5" component="h3" sx={{ color: i.color, fontWeight: 800 }}>
                    {i.name}
                  </Typography>
                  <Chip
                    size="small"
                    label={i.status}
                    color={i.status === 'Live' ? 'primary' : 'default'}
                    variant={i.status === 'Live' ? 'filled' : 'outlined'}
                    sx={{ mt: 1.5 }}
                  />
                </CardContent>
              </Card>
            ))}
          </Box>
        </Container>
      </Box>

      <Container
        maxWidth="lg"
        sx={{ py: { xs: 6, md: 10 } }}
        component="section"
        aria-labelledby="pricing-title"
      >
        <Typography
          id="pricing-title"
          variant="h3"
          component="h2"
          sx={{ textAlign: 'center', mb: 6, fontSize: { xs: 28, md: 38 } }}
        >
          Pricing
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {[0, 1, 2].map((n) => (
            <Card key={n} sx={{ borderRadius: 3 }}>
              <CardContent sx={{ p: 4 }}>
                <Typography variant="h5" component="h3">
                  Starter
                </Typography>
                <Typography color="text.secondary">1 Shop</Typography>
                <Typography variant="h3" component="p" sx={{ my: 2 }}>
                  RM100
                  <Typography component="span" color="text.secondary" sx={{ fontSize: 16, fontWeight: 400 }}>
                    {' '}
                    per month
                  </Typography>
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
                  <Check color="primary" fontSize="small" />
                  <Typography>7-day training history</Typography>
                </Stack>
                <Button component={Link} to="/signup" variant="contained" fullWidth>
                  Sign up for free
                </Button>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
      <Footer />
    </Box>
  );
}
