import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import {
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { shopKeys } from '../api/get-shops.ts';
import { selectShop } from '../hooks/current-shop.ts';

/** Step 3 while the merchant authorizes in the other window: Refresh or Complete reloads the shops. */
export function AddShopPendingStep() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const authUrl = (useLocation().state as { authUrl?: string } | null)?.authUrl;
  const website = search.get('provider') === 'website';
  const shopId = search.get('shopId');

  const reload = async () => {
    if (shopId) selectShop(shopId);
    await client.invalidateQueries({ queryKey: shopKeys.all });
    navigate('/dashboard/shops');
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {!website && <CircularProgress size={40} aria-label="Waiting for authorization" />}
          <Typography variant="h6" component="h2">
            {website ? 'Your website shop is ready' : 'Finish the authorization in the new window'}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
            {website
              ? 'Open it from your shops to copy the chat widget snippet for your website.'
              : 'Log in to your seller account there and approve Balas. Then come back and press Complete.'}
          </Typography>
          {authUrl && !website && (
            <MuiLink href={authUrl} target="_blank" rel="noopener" sx={{ display: 'inline-flex', gap: 0.5 }}>
              Open the authorization page again <OpenInNewRounded fontSize="small" aria-hidden />
            </MuiLink>
          )}
          <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>
            <Button variant="outlined" onClick={reload}>
              Refresh
            </Button>
            <Button variant="contained" onClick={reload}>
              Complete
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
