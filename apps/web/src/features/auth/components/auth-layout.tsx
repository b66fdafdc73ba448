import { Box, Container, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo.tsx';

/** /login and /signup: the form beside the hero text, stacked on small screens. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        background: 'linear-gradient(135deg, #e9f7f0 0%, #f6f8f7 55%, #eef2f6 100%)',
      }}
    >
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Box
          component={Link}
          to="/"
          sx={{ textDecoration: 'none', display: 'inline-block' }}
          aria-label="Balas home"
        >
          <Logo />
        </Box>
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
          <Stack spacing={2}>
            <Typography variant="h2" component="h1" sx={{ fontSize: { xs: 32, md: 46 } }}>
              Answer every shopper, in their language, in seconds.
            </Typography>
            <Typography variant="h6" color="text.secondary" sx={{ fontWeight: 400 }}>
              Balas connects to your Shopee and Lazada shops and your website. Our chatbot answers questions
              about your products, delivery and returns, and hands over to your team when it should.
            </Typography>
          </Stack>
          <Box>{children}</Box>
        </Box>
      </Container>
    </Box>
  );
}
