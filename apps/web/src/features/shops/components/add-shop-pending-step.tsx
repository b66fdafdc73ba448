import { type ConnectFailure, messages, provider, providers, type Shop } from '@balas/contracts';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link as MuiLink,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { shopQueryOptions } from '../api/get-shop.ts';
import { shopKeys } from '../api/get-shops.ts';
import { useAuthorizationOutcome } from '../hooks/authorization-window.ts';
import { selectShop } from '../hooks/current-shop.ts';
import { shopPath } from '../shop-path.ts';
import { EmbedSnippet } from './embed-snippet.tsx';
import { ReconnectButton } from './reconnect-button.tsx';

/** A website shop needs no authorization: its last step is the line to paste into the site. */
function WebsiteReady({ shop }: { shop: Shop | undefined }) {
  if (!shop) return <CircularProgress aria-label="Loading the shop" />;
  return (
    <Stack spacing={3}>
      <EmbedSnippet shop={shop} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" component={Link} to={shopPath(shop)} onClick={() => selectShop(shop.id)}>
          Open my shop
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * While waiting, the shop is also read this often and whenever the tab is shown again: a tab that
 * missed the window's message (its page's script never ran, the window was closed by hand after
 * approving) still moves on once the shop is connected.
 */
const AUTHORIZATION_CHECK_MS = 3000;

/**
 * Step 3 while the merchant authorizes in the other window. That window ends on our /connected page,
 * which tells this tab: the shop's page opens by itself (or once a read finds the shop connected).
 * Refresh or Complete (spec §4) still reload the shops; a refusal says why and offers to authorize
 * again.
 */
export function AddShopPendingStep() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const authUrl = (useLocation().state as { authUrl?: string } | null)?.authUrl;
  const website = search.get('provider') === 'website';
  const shopId = search.get('shopId') ?? '';
  const [failure, setFailure] = useState<ConnectFailure | null>(null);
  const waiting = !website && shopId !== '' && failure === null;
  const shop = useQuery({
    ...shopQueryOptions(client, shopId),
    enabled: shopId !== '',
    refetchInterval: waiting ? AUTHORIZATION_CHECK_MS : false,
    refetchOnWindowFocus: 'always',
  });
  const opened = useRef(false);

  // The shop's page is named by its platform: the marketplace this wizard connects.
  const open = (id: string) => {
    if (opened.current) return;
    opened.current = true;
    selectShop(id);
    // (The shop's page puts its own platform in the address once it has loaded.)
    navigate(shopPath({ id, providerName: provider.safeParse(search.get('provider')).data ?? providers[0] }));
  };
  useAuthorizationOutcome((outcome) => {
    if (outcome.type === 'connected') open(outcome.shopId || shopId);
    else setFailure(outcome.reason);
  });
  // The shop as the server read it (not the cached list's placeholder) says it is connected.
  const connected = waiting && !shop.isPlaceholderData && shop.data?.status === 'active';
  useEffect(() => {
    if (connected) open(shopId);
  });

  const reload = async () => {
    if (shopId) selectShop(shopId);
    await client.invalidateQueries({ queryKey: shopKeys.all });
    navigate('/dashboard/shops');
  };

  if (website) return <WebsiteReady shop={shop.data} />;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {failure ? (
            <Alert severity="error" sx={{ textAlign: 'left' }}>
              <strong>{messages.connect.failedTitle}.</strong> {messages.connect[failure]}
            </Alert>
          ) : (
            <CircularProgress size={40} aria-label="Waiting for authorization" />
          )}
          <Typography variant="h6" component="h2">
            {failure ? 'Try the authorization again' : 'Finish the authorization in the new window'}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
            Log in to your seller account there and approve Balas. This page moves on by itself once you have;
            you can also press Complete.
          </Typography>
          {failure && shop.data ? (
            <ReconnectButton shop={shop.data} size="medium" />
          ) : (
            authUrl && (
              <MuiLink
                href={authUrl}
                target="_blank"
                rel="noopener"
                sx={{ display: 'inline-flex', gap: 0.5 }}
              >
                Open the authorization page again <OpenInNewRounded fontSize="small" aria-hidden />
              </MuiLink>
            )
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
