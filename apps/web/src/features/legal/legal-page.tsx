import { Box, Container, Typography } from '@mui/material';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { Footer } from './footer.tsx';

export interface LegalSection {
  title: string;
  points: string[];
}

export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <Box sx={{ bgcolor: 'background.paper', minHeight: '100vh' }}>
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Box
          component={Link}
          to="/"
          sx={{ display: 'inline-block', textDecoration: 'none' }}
          aria-label="Balas home"
        >
          <Logo />
        </Box>
        <Typography variant="h3" component="h1" sx={{ mt: 5, mb: 1, fontSize: { xs: 30, md: 40 } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Last updated {updated}
        </Typography>
        <Typography sx={{ mb: 4 }}>{intro}</Typography>
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {sections.map((s) => (
            <Box component="li" key={s.title} sx={{ mb: 3, '&::marker': { fontWeight: 700 } }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {s.title}
              </Typography>
              <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
                {s.points.map((p) => (
                  <Typography component="li" key={p} sx={{ mb: 0.75, color: 'text.secondary' }}>
                    {p}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Container>
      <Footer />
    </Box>
  );
}
