import { Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCurrentShop } from '../../shops/hooks/current-shop.ts';
import { ShopSimulator } from './shop-simulator.tsx';

/** /dashboard/test/shopee and /dashboard/test/website: the simulator chosen by the shop's provider. */
export function SimulatorPage() {
  const { provider } = useParams();
  const { shop, isLoading } = useCurrentShop();
  if (isLoading) return null;
  if (!shop) return <Navigate to="/dashboard/shops" replace />;
  if (shop.providerName === 'website' || provider === 'website') {
    return shop.providerName === 'website' ? (
      <WebsiteSimulator shopId={shop.id} name={shop.addInformation.name} />
    ) : (
      <ShopSimulator shop={shop} />
    );
  }
  return <ShopSimulator shop={shop} />;
}

/** Website merchants test with the real floating widget, exactly as their visitors see it. */
function WebsiteSimulator({ shopId, name }: { shopId: string; name: string }) {
  useEffect(() => {
    const script = document.createElement('script');
    script.src = '/widget.js';
    script.async = true;
    script.dataset.shop = shopId;
    document.body.appendChild(script);
    return () => {
      script.remove();
      document.querySelector('[data-balas-widget]')?.remove();
      delete (window as { BalasWidget?: unknown }).BalasWidget;
    };
  }, [shopId]);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Website chat: {name}
      </Typography>
      <Card>
        <CardContent>
          <Typography>
            This is the chat widget your visitors see. Open it with the green button at the bottom right and
            ask a question. Conversations appear in your shop’s inbox like any other.
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
