import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import { Box, Button, Chip, Container, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ChatPreview } from './chat-preview.tsx';

export function HeroSection() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{ background: (t) => `linear-gradient(180deg, ${t.palette.primary.light} 0%, #ffffff 100%)` }}
    >
      <Container
        maxWidth="lg"
        sx={{
          py: { xs: 7, md: 12 },
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.15fr) minmax(0, 1fr)' },
          gap: { xs: 6, md: 8 },
          alignItems: 'center',
        }}
      >
        <Box sx={{ textAlign: { xs: 'center', md: 'left' } }}>
          <Chip
            label="AI customer service for Shopee, Lazada and your website"
            variant="outlined"
            sx={{
              mb: 3,
              bgcolor: '#fff',
              color: 'primary.dark',
              borderColor: 'primary.main',
              maxWidth: '100%',
            }}
          />
          <Typography id="hero-title" variant="h1" sx={{ fontSize: { xs: 36, sm: 48, md: 58 } }}>
            Reply to every shopper in seconds, while your team sells.
          </Typography>
          <Typography
            variant="h6"
            component="p"
            color="text.secondary"
            sx={{ fontWeight: 400, mt: 3, maxWidth: 560, mx: { xs: 'auto', md: 0 } }}
          >
            Balas answers your customers’ chats with what you taught it, cuts their waiting time and lets your
            staff focus on upselling.
          </Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mt: 5, justifyContent: { xs: 'center', md: 'flex-start' } }}
          >
            <Button
              component={Link}
              to="/signup"
              variant="contained"
              size="large"
              endIcon={<ArrowForwardRounded />}
            >
              Start for free
            </Button>
            <Button component={Link} to="/login" variant="outlined" size="large">
              I have an account
            </Button>
          </Stack>
        </Box>
        <ChatPreview />
      </Container>
    </Box>
  );
}
