import { Button, Card, CardContent } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { shopKeys } from '../api/get-shops.ts';
import { selectShop } from '../hooks/current-shop.ts';

/** Where Shopee sends the merchant back after approving (spec §9); the new shop becomes current. */
export function AddShopCompleteStep() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const shopId = search.get('shopId');

  const finish = async () => {
    if (shopId) selectShop(shopId);
    await client.invalidateQueries({ queryKey: shopKeys.all });
    navigate('/dashboard/shops');
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
        <SuccessPanel
          title="Your shop is connected"
          text="We are importing its products and recent conversations. You can close the authorization window."
        >
          <Button variant="contained" onClick={finish}>
            Go to my shops
          </Button>
        </SuccessPanel>
      </CardContent>
    </Card>
  );
}
