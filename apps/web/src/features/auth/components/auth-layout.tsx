import CheckRounded from '@mui/icons-material/CheckRounded';
import { Box, Card, CardContent, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LogoLink } from '../../../components/logo.tsx';

const points = [
  'Answers Shopee, Lazada and website chats in seconds',
  'Replies in English, Bahasa Melayu and Chinese',
  'Hands the chat to your team when it should',
];

/** /login, /signup and the reset page: the form beside the hero text, stacked on small screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        background: (t) =>
          `radial-gradient(1200px 600px at 0% 0%, ${t.palette.primary.light} 0%, #ffffff 60%)`,
      }}
    >
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <LogoLink to="/" label="Balas home" />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
            gap: { xs: 4, md: 8 },
            alignItems: 'center',
            minHeight: { md: 'calc(100vh - 120px)' },
            py: { xs: 4, md: 0 },
          }}
        >
          <Stack spacing={3}>
            <Typography variant="h2" component="p" sx={{ fontSize: { xs: 30, sm: 38, md: 46 } }}>
              Answer every shopper, in their language, in seconds.
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
              Balas connects to your shops and your website, answers questions about your products, delivery
              and returns, and lets your team focus on selling.
            </Typography>
            <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {points.map((point) => (
                <Stack component="li" key={point} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <CheckRounded color="primary" aria-hidden />
                  <Typography>{point}</Typography>
                </Stack>
              ))}
            </Stack>
          </Stack>
          {/* On phones the form comes first: that is what the merchant came for. */}
          <Card
            sx={{ borderRadius: 4, boxShadow: '0 24px 60px rgba(23,33,43,.08)', order: { xs: -1, md: 0 } }}
          >
            <CardContent sx={{ p: { xs: 3, sm: 5 } }}>{children}</CardContent>
          </Card>
        </Box>
      </Container>
    </Box>
  );
}
