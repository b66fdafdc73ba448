import { channelOf, messages, providers } from '@balas/contracts';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ProviderAvatar, providerLabel } from './provider-badge.tsx';

const choices = providers.map((provider) => ({ provider, text: messages.shops.choose(channelOf(provider)) }));

/** Step 1: which kind of shop to connect. */
export function AddShopChooseStep() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
      {choices.map(({ provider, text }) => (
        <Card key={provider}>
          <CardActionArea
            component={Link}
            to={`/dashboard/addshop/${provider}`}
            sx={{ p: 3, height: '100%' }}
          >
            <Stack spacing={2}>
              <ProviderAvatar provider={provider} size={48} />
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography variant="h6" component="h2">
                  {providerLabel(provider)}
                </Typography>
                <ChevronRightRounded color="action" aria-hidden />
              </Stack>
              <Typography color="text.secondary">{text}</Typography>
            </Stack>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
