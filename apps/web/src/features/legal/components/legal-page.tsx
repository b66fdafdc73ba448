import { Box, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { LogoLink } from '../../../components/logo.tsx';
import { SiteFooter } from '../../../components/site-footer.tsx';

export interface LegalSection {
  title: string;
  points: string[];
}

const anchor = (n: number) => `section-${n}`;

/** A legal document: title, date, a short contents list, numbered sections of bullets, and the footer. */
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
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="md" sx={{ py: 2 }}>
          <LogoLink to="/" label="Balas home" />
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 30, md: 42 }, mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Last updated {updated}
        </Typography>
        <Typography sx={{ mb: 4, fontSize: 18 }}>{intro}</Typography>
        <Box component="nav" aria-label="Contents" sx={{ mb: 5, p: 3, borderRadius: 3, bgcolor: '#f7f9fa' }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            Contents
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, columns: { sm: 2 } }}>
            {sections.map((s, i) => (
              <li key={s.title}>
                <MuiLink href={`#${anchor(i + 1)}`}>{s.title}</MuiLink>
              </li>
            ))}
          </Box>
        </Box>
        <Stack spacing={4}>
          {sections.map((s, i) => (
            <Box component="section" key={s.title} id={anchor(i + 1)} sx={{ scrollMarginTop: 24 }}>
              <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
                {i + 1}. {s.title}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {s.points.map((p) => (
                  <Typography component="li" key={p} sx={{ mb: 1, color: 'text.secondary', lineHeight: 1.7 }}>
                    {p}
                  </Typography>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </Container>
      <SiteFooter />
    </Box>
  );
}
