import type { Shop } from '@balas/contracts';
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { usePageTitle } from '../../../lib/page-title.ts';
import { BotSwitch } from './bot-switch.tsx';
import { ProviderAvatar, providerLabel } from './provider-badge.tsx';
import { canAuthorizeAgain, ReconnectButton } from './reconnect-button.tsx';
import { ShopStatusChip } from './shop-status-chip.tsx';

/** The top of a shop's page: name, provider, connection status and the chatbot switch. */
export function ShopBanner({ shop }: { shop: Shop }) {
  const [error, setError] = useState<string | null>(null);
  usePageTitle(shop.addInformation.name);
  return (
    <Card
      sx={{
        border: 0,
        color: '#fff',
        background: 'linear-gradient(120deg, #1f7a55 0%, #17603f 100%)',
      }}
    >
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } } }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2.5}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Box sx={{ p: 0.5, bgcolor: '#fff', borderRadius: 2.5, display: 'flex' }}>
              <ProviderAvatar provider={shop.providerName} size={48} />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }} noWrap>
                {shop.addInformation.name}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                <Typography sx={{ opacity: 0.9 }}>{providerLabel(shop.providerName)}</Typography>
                <ShopStatusChip status={shop.status} />
              </Stack>
            </Box>
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            {canAuthorizeAgain(shop) && <ReconnectButton shop={shop} size="medium" onDark />}
            <BotSwitch shop={shop} onError={setError} />
          </Stack>
        </Stack>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
