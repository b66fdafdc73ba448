import type { Shop } from '@balas/contracts';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { useShopAttention } from '../../../lib/realtime-counts.ts';
import { ShopTestsLine } from '../../tests/components/test-pass-rate.tsx';
import { selectShop } from '../hooks/current-shop.ts';
import { shopPath } from '../shop-path.ts';
import { ProviderAvatar, providerLabel } from './provider-badge.tsx';
import { canAuthorizeAgain, ReconnectButton } from './reconnect-button.tsx';
import { ShopStatusChip } from './shop-status-chip.tsx';

/** One shop in the list: opens its detail page; a shop not connected offers to authorize again. */
export function ShopCard({ shop }: { shop: Shop }) {
  const info = shop.addInformation;
  const attention = useShopAttention(shop.id);
  return (
    <Card sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardActionArea
        component={Link}
        to={shopPath(shop)}
        onClick={() => selectShop(shop.id)}
        sx={{ flex: 1 }}
      >
        <CardContent sx={{ p: 2.5 }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <ProviderAvatar provider={shop.providerName} size={44} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2" noWrap>
                {info.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {providerLabel(shop.providerName)}
              </Typography>
            </Box>
          </Stack>
          <Typography variant="body2" color="text.secondary" noWrap>
            {info.person_name} · {info.person_email}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mt: 2, flexWrap: 'wrap', rowGap: 1 }}
          >
            <ShopStatusChip status={shop.status} />
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: shop.defaultBotStatus ? 'primary.dark' : 'text.secondary' }}
            >
              <SmartToyOutlined fontSize="small" aria-hidden />
              <Typography variant="body2">Chatbot {shop.defaultBotStatus ? 'on' : 'off'}</Typography>
            </Stack>
            {attention.needsYou > 0 && (
              <Typography variant="body2" sx={{ color: 'warning.dark', fontWeight: 700 }}>
                {attention.needsYou} need{attention.needsYou === 1 ? 's' : ''} you
              </Typography>
            )}
            {attention.unread > 0 && (
              <Typography variant="body2" color="text.secondary">
                {attention.unread} unread
              </Typography>
            )}
            <ShopTestsLine shopId={shop.id} />
          </Stack>
        </CardContent>
      </CardActionArea>
      {canAuthorizeAgain(shop) && (
        <Box sx={{ px: 2.5, pb: 2.5 }}>
          <ReconnectButton shop={shop} />
        </Box>
      )}
    </Card>
  );
}
