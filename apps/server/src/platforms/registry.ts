import type { Provider } from '@balas/contracts';
import {
  createLazadaClient,
  createShopeeClient,
  type LazadaClient,
  type ShopeeClient,
} from '@balas/marketplaces';
import type { Config } from '../config.ts';
import { createLazadaPlatform, createLazadaVerifier } from './lazada/lazada.platform.ts';
import { type Platform, PlatformOffError, type ShopAccess } from './platform.ts';
import { createShopeePlatform, createShopeeVerifier } from './shopee/shopee.platform.ts';
import { createWebsitePlatform } from './website/website.platform.ts';

/** The sandbox's own partner credentials: known only when a platform runs in sandbox mode. */
export interface SandboxCredentials {
  shopee: { partnerId: number; partnerKey: string };
  lazada: { appKey: string; appSecret: string };
}

export interface MarketplaceClients {
  shopee: ShopeeClient;
  lazada: LazadaClient;
}

export interface Platforms {
  shopee: Platform;
  lazada: Platform;
  website: Platform;
  /** The raw clients: Shopee's lost-push calls in gap repair (webhooks), and tests that watch the wire. */
  clients: MarketplaceClients;
  of(provider: Provider): Platform;
}

/** A fetch for a platform that is off: a clear error instead of a call to an unmounted sandbox. */
const offFetch =
  (provider: Provider): typeof fetch =>
  async () => {
    throw new PlatformOffError(provider);
  };

/**
 * One adapter per platform, each in the mode config resolved for it (live / sandbox / off). The
 * sandbox's secrets are used only for platforms in sandbox mode; a platform that is off verifies no
 * push and calls nothing.
 */
export function createPlatforms(input: {
  config: Config;
  sandbox: SandboxCredentials | null;
  /** Reaches the platforms: the mounted sandbox in-process, the live ones over the network. */
  fetch: typeof fetch;
  access: ShopAccess;
}): Platforms {
  const { config, sandbox, access } = input;
  const sandboxBase = `${config.publicUrl}/sandbox`;
  const webhookUrl = (provider: Provider) => `${config.publicUrl}/api/webhooks/${provider}`;
  const needSandbox = () => {
    if (!sandbox) throw new Error('A platform is in sandbox mode but the sandbox credentials are missing');
    return sandbox;
  };

  const shopeeOptions =
    config.shopee.mode === 'live'
      ? config.shopee
      : {
          ...(config.shopee.mode === 'sandbox' ? needSandbox().shopee : { partnerId: 0, partnerKey: 'off' }),
          baseUrl: `${sandboxBase}/shopee`,
        };
  const shopeeClient = createShopeeClient(
    shopeeOptions,
    config.shopee.mode === 'off' ? offFetch('shopee') : input.fetch,
  );
  const lazadaOptions =
    config.lazada.mode === 'live'
      ? {
          appKey: config.lazada.appKey,
          appSecret: config.lazada.appSecret,
          authBaseUrl: config.lazada.authUrl,
          apiBaseUrl: config.lazada.apiUrl,
          authRestUrl: config.lazada.authRestUrl,
        }
      : {
          ...(config.lazada.mode === 'sandbox' ? needSandbox().lazada : { appKey: 'off', appSecret: 'off' }),
          authBaseUrl: `${sandboxBase}/lazada`,
          apiBaseUrl: `${sandboxBase}/lazada/rest`,
          authRestUrl: `${sandboxBase}/lazada/rest`,
        };
  const lazadaClient = createLazadaClient(
    lazadaOptions,
    config.lazada.mode === 'off' ? offFetch('lazada') : input.fetch,
  );

  const platforms = {
    shopee: createShopeePlatform({
      mode: config.shopee.mode,
      client: shopeeClient,
      verifier:
        config.shopee.mode === 'off'
          ? null
          : createShopeeVerifier(shopeeOptions.partnerKey, webhookUrl('shopee')),
      access,
    }),
    lazada: createLazadaPlatform({
      mode: config.lazada.mode,
      client: lazadaClient,
      verifier:
        config.lazada.mode === 'off'
          ? null
          : createLazadaVerifier(lazadaOptions.appKey, lazadaOptions.appSecret),
      access,
    }),
    website: createWebsitePlatform(),
  };
  return { ...platforms, clients: { shopee: shopeeClient, lazada: lazadaClient }, of: (p) => platforms[p] };
}
