import { channelOf } from '@balas/contracts';
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
  // Website merchants also get the floating widget, exactly as their visitors see it.
  const simulator = channelOf(shop.providerName).simulator;
  const website = simulator === 'website' && (provider === undefined || provider === simulator);
  return (
    <Box>
      {website && <WebsiteWidget shopId={shop.id} />}
      <ShopSimulator shop={shop} />
    </Box>
  );
}

/** Loads the real website widget on this page (its button appears at the bottom right). */
function WebsiteWidget({ shopId }: { shopId: string }) {
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
    <Card sx={{ mb: 2, maxWidth: 860 }}>
      <CardContent>
        <Typography>
          Your website’s chat widget is live on this page: open it with the green button at the bottom right.
          It answers when the shop’s chatbot is on; the simulator below always answers, without sending
          anything to your visitors.
        </Typography>
      </CardContent>
    </Card>
  );
}
