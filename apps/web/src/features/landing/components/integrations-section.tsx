import LanguageRounded from '@mui/icons-material/LanguageRounded';
import { Avatar, Box, Card, CardContent, Chip, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SectionHeading } from './section-heading.tsx';

const integrations: { name: string; color: string; mark: ReactNode; live: boolean }[] = [
  { name: 'Shopee', color: '#ee4d2d', mark: 'S', live: true },
  { name: 'Lazada', color: '#1a2bd1', mark: 'L', live: true },
  { name: 'Your website', color: '#35495e', mark: <LanguageRounded />, live: true },
  { name: 'TikTok', color: '#111111', mark: 'T', live: false },
];

export function IntegrationsSection() {
  return (
    <Box
      id="integrations"
      component="section"
      aria-labelledby="integrations-title"
      sx={{ bgcolor: '#f7f9fa', py: { xs: 8, md: 12 }, scrollMarginTop: 64 }}
    >
      <Container maxWidth="lg">
        <SectionHeading
          id="integrations-title"
          title="Integrations"
          text="Connect the places where your shoppers already talk to you."
        />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: { xs: 2, sm: 3 },
          }}
        >
          {integrations.map((i) => (
            <Card key={i.name}>
              <CardContent sx={{ textAlign: 'center', py: 4 }}>
                <Avatar
                  variant="rounded"
                  aria-hidden
                  sx={{
                    bgcolor: i.color,
                    width: 52,
                    height: 52,
                    mx: 'auto',
                    mb: 2,
                    fontWeight: 800,
                    fontSize: 24,
                  }}
                >
                  {i.mark}
                </Avatar>
                <Typography variant="h6" component="h3">
                  {i.name}
                </Typography>
                <Chip
                  size="small"
                  label={i.live ? 'Live' : 'Coming Soon'}
                  color={i.live ? 'primary' : 'default'}
                  variant={i.live ? 'filled' : 'outlined'}
                  sx={{ mt: 1.5 }}
                />
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
