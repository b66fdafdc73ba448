import { messages, type Shop } from '@balas/contracts';
import Add from '@mui/icons-material/Add';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link } from 'react-router';
import { reconnectShop, useShops } from '../api/shops.ts';
import { rememberShop } from '../hooks/current-shop.ts';
import { ProviderBadge } from './provider-badge.tsx';

export function ShopsPage() {
  const shops = useShops();
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
        <Typography variant="h4" component="h1">
          Shops
        </Typography>
        <Button variant="contained" startIcon={<Add />} component={Link} to="/dashboard/addshop">
          Add Shop
        </Button>
      </Stack>
      {shops.error && <Alert severity="error">{(shops.error as Error).message}</Alert>}
      {shops.isLoading && (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      )}
      {shops.data?.length === 0 && (
        <Card sx={{ textAlign: 'center', py: 8, px: 2 }}>
          <StorefrontOutlined sx={{ fontSize: 64, color: 'primary.main', mb: 2 }} />
          <Typography variant="h6" component="p">
            {messages.shops.empty}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Connect a Shopee or Lazada shop, or your own website, to let the chatbot answer your shoppers.
          </Typography>
          <Button variant="contained" startIcon={<Add />} component={Link} to="/dashboard/addshop">
            Add Shop
          </Button>
        </Card>
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}
      >
        {shops.data?.map((shop) => (
          <ShopCard key={shop.id} shop={shop} />
        ))}
      </Box>
    </Box>
  );
}

function ShopCard({ shop }: { shop: Shop }) {
  return (
    <Card>
      <CardActionArea
        component={Link}
        to={`/dashboard/shops/shopee/${shop.id}`}
        onClick={() => rememberShop(shop.id)}
      >
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <ProviderBadge provider={shop.providerName} />
            <StatusChip shop={shop} />
          </Stack>
          <Typography variant="h6" component="h2" noWrap>
            {shop.addInformation.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {shop.addInformation.person_name} · {shop.addInformation.person_email}
          </Typography>
          <Typography
            variant="body2"
            sx={{ mt: 1 }}
            color={shop.defaultBotStatus ? 'primary' : 'text.secondary'}
          >
            Chatbot {shop.defaultBotStatus ? 'on' : 'off'}
          </Typography>
        </CardContent>
      </CardActionArea>
      {shop.status === 'reconnect' && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Button
            variant="outlined"
            color="warning"
            onClick={async () => {
              const { authUrl } = await reconnectShop(shop.id);
              window.open(authUrl, '_blank', 'noopener');
            }}
          >
            {messages.shops.reconnect}
          </Button>
        </Box>
      )}
    </Card>
  );
}

export function StatusChip({ shop }: { shop: Shop }) {
  if (shop.status === 'active')
    return <Chip size="small" label="Connected" color="success" variant="outlined" />;
  if (shop.status === 'pending')
    return <Chip size="small" label="Waiting for authorization" variant="outlined" />;
  return <Chip size="small" label="Needs reconnecting" color="warning" />;
}
