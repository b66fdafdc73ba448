import type { Shop } from '@balas/contracts';
import { channelOf } from '@balas/contracts';
import { Box, Stack } from '@mui/material';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { AfterFirstPaint } from '../../../components/after-first-paint.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useOnboarding } from '../api/get-onboarding.ts';
import { useShop } from '../api/get-shop.ts';
import { useAuthorizationOutcome } from '../hooks/authorization-window.ts';
import { selectShop, useCurrentShop } from '../hooks/current-shop.ts';
import { shopPath } from '../shop-path.ts';
import { EmbedSnippet } from './embed-snippet.tsx';
import { GettingStarted } from './getting-started.tsx';
import { RemoveShopButton } from './remove-shop-button.tsx';
import { ShopBanner } from './shop-banner.tsx';

// Below the fold, with its form library and schemas: loaded after the page has painted.
const ShopSettingsForm = lazy(() =>
  import('./shop-settings-form.tsx').then((m) => ({ default: m.ShopSettingsForm })),
);
const BusinessHoursCard = lazy(() =>
  import('./business-hours-card.tsx').then((m) => ({ default: m.BusinessHoursCard })),
);

interface Props {
  /**
   * SLOT: the shop's conversation list. The route module composes it in, so this feature does not
   * depend on the inbox; it takes the wide column on large screens and sits above the settings below.
   */
  conversations?: (shop: Shop) => ReactNode;
}

/**
 * /dashboard/shops/{platform}/{id}: banner with the bot switch, the conversations slot, details and
 * settings. An address naming another platform (spec §2's /dashboard/shops/shopee/{id} for every shop,
 * kept in bookmarks) is replaced by the shop's own.
 */
export function ShopDetailPage({ conversations }: Props) {
  // A shop authorized again in another window shows connected as soon as that window says so.
  useAuthorizationOutcome();
  const { id = '', platform } = useParams();
  const { search, hash } = useLocation();
  const current = useCurrentShop();
  const detail = useShop(id);
  const shop = detail.data;
  // Read with the shop, so its getting-started card is there from the first paint (no layout shift).
  const onboarding = useOnboarding(id);
  const known = current.shops.some((s) => s.id === id);

  useEffect(() => {
    if (known) selectShop(id);
  }, [known, id]);

  // Spec §2: without a current shop (none, or not one of the merchant's) the list is the place to be.
  if (!current.isLoading && (!current.shop || (!known && !shop) || detail.isError)) {
    return <Navigate to="/dashboard/shops" replace />;
  }
  if (shop && platform !== shop.providerName) {
    return <Navigate to={`${shopPath(shop)}${search}${hash}`} replace />;
  }
  if (!shop || onboarding.isPending) {
    return <PageLoader />;
  }
  const slot = conversations?.(shop);
  return (
    <Stack spacing={3}>
      <ShopBanner shop={shop} />
      {onboarding.data && <GettingStarted shop={shop} state={onboarding.data} />}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: slot ? 'minmax(0, 7fr) minmax(0, 5fr)' : '1fr' },
        }}
      >
        {slot && (
          <Box component="section" aria-label="Conversations" data-slot="conversations">
            <Suspense fallback={<PageLoader />}>{slot}</Suspense>
          </Box>
        )}
        <Stack spacing={3}>
          <AfterFirstPaint>
            {!channelOf(shop.providerName).marketplace && <EmbedSnippet shop={shop} />}
            <Suspense fallback={null}>
              <ShopSettingsForm key={shop.id} shop={shop} />
            </Suspense>
            <Suspense fallback={null}>
              <BusinessHoursCard key={shop.id} shop={shop} />
            </Suspense>
            <RemoveShopButton shop={shop} />
          </AfterFirstPaint>
        </Stack>
      </Box>
    </Stack>
  );
}
