import { messages } from '@balas/contracts';
import AddRounded from '@mui/icons-material/AddRounded';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Alert, Box, Button, Skeleton } from '@mui/material';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useShops } from '../api/get-shops.ts';
import { useAuthorizationOutcome } from '../hooks/authorization-window.ts';
import { ShopCard } from './shop-card.tsx';

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xxl: 'repeat(4, 1fr)' },
  gap: 2,
};

const addShop = (
  <Button variant="contained" startIcon={<AddRounded />} component={Link} to="/dashboard/addshop">
    Add Shop
  </Button>
);

/** /dashboard/shops: the merchant's shops (spec §2). */
export function ShopsPage() {
  // A shop authorized again in another window shows connected as soon as that window says so.
  useAuthorizationOutcome();
  const shops = useShops();
  return (
    <Box>
      <PageHeader
        title="Shops"
        subtitle="The shops and websites where your chatbot answers shoppers."
        actions={addShop}
      />
      {shops.error && <Alert severity="error">{shops.error.message}</Alert>}
      {shops.isLoading && (
        <Box sx={grid} aria-busy="true" aria-label="Loading shops">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={156} />
          ))}
        </Box>
      )}
      {shops.data?.length === 0 && (
        <EmptyState
          icon={<StorefrontOutlined />}
          title={messages.shops.empty}
          text="Connect a Shopee or Lazada shop, or your own website, and let the chatbot answer your shoppers."
          action={addShop}
        />
      )}
      {!!shops.data?.length && (
        <Box sx={grid}>
          {shops.data.map((shop) => (
            <ShopCard key={shop.id} shop={shop} />
          ))}
        </Box>
      )}
    </Box>
  );
}
