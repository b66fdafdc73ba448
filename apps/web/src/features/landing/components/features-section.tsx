import AutoAwesomeRounded from '@mui/icons-material/AutoAwesomeRounded';
import BoltRounded from '@mui/icons-material/BoltRounded';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PowerSettingsNewRounded from '@mui/icons-material/PowerSettingsNewRounded';
import SupportAgentRounded from '@mui/icons-material/SupportAgentRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import { Box, Card, CardContent, Container, Typography } from '@mui/material';
import { SectionHeading } from './section-heading.tsx';

const features = [
  {
    icon: TranslateRounded,
    title: 'Speaks your shoppers’ language',
    text: 'Answers in English, Bahasa Melayu and Chinese: in the language the shopper writes.',
  },
  {
    icon: SupportAgentRounded,
    title: 'Human handover',
    text: 'Passes the chat to your team when a shopper asks for a person or the bot is not sure.',
  },
  {
    icon: Inventory2Outlined,
    title: 'Knows your products',
    text: 'Answers with your product information: sizes, materials, care, delivery and returns.',
  },
  {
    icon: PowerSettingsNewRounded,
    title: 'One-click bot disable',
    text: 'Switch the bot off for a shop or a single conversation whenever you want to reply yourself.',
  },
  {
    icon: BoltRounded,
    title: 'Trained in under 5 minutes',
    text: 'Add a few topics and upload your documents: the bot learns from them right away.',
  },
  {
    icon: AutoAwesomeRounded,
    title: 'Always on',
    text: 'Replies in seconds, day and night, so no shopper waits for an answer.',
  },
];

export function FeaturesSection() {
  return (
    <Container
      id="features"
      maxWidth="lg"
      component="section"
      aria-labelledby="features-title"
      sx={{ py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
    >
      <SectionHeading
        id="features-title"
        title="Everything a busy shop needs"
        text="A chatbot that knows your shop, speaks like your shoppers and knows when to call you."
      />
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
                  width: 48,
                  height: 48,
                  borderRadius: 3,
                  bgcolor: 'primary.light',
                  color: 'primary.dark',
                  display: 'grid',
                  placeItems: 'center',
                  mb: 2,
                }}
              >
                <Icon aria-hidden />
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
  );
}
