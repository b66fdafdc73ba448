import { sandboxDefaults } from '@balas/marketplace-sandbox';
import {
  createLazadaClient,
  createShopeeClient,
  type LazadaClient,
  needsReauthorization,
  type ShopeeClient,
} from '@balas/marketplaces';
import type { Config } from '../../config.ts';

export interface MarketplaceTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
}

export interface ConnectedShop extends MarketplaceTokens {
  externalId: string;
  region: string | null;
}

/** What the shops feature needs from a marketplace, whatever the platform. */
export interface Connector {
  authorizationUrl(input: { callbackUrl: string; state: string }): string;
  completeAuthorization(query: Record<string, string | undefined>): Promise<ConnectedShop>;
  refresh(input: { refreshToken: string; externalId: string }): Promise<MarketplaceTokens>;
  needsReauthorization(error: unknown): boolean;
}

export interface Connectors {
  shopee: Connector;
  lazada: Connector;
}

export interface MarketplaceClients {
  shopee: ShopeeClient;
  lazada: LazadaClient;
}

/** Live clients with partner credentials; otherwise clients of the mounted sandbox. */
export function createMarketplaceClients(config: Config, fetchImpl: typeof fetch): MarketplaceClients {
  const sandboxBase = `${config.publicUrl}/sandbox`;
  const shopee = createShopeeClient(
    config.shopee ?? {
      partnerId: sandboxDefaults.shopee.partnerId,
      partnerKey: sandboxDefaults.shopee.partnerKey,
      baseUrl: `${sandboxBase}/shopee`,
    },
    fetchImpl,
  );
  const lazada = createLazadaClient(
    config.lazada
      ? {
          appKey: config.lazada.appKey,
          appSecret: config.lazada.appSecret,
          authBaseUrl: config.lazada.authUrl,
          apiBaseUrl: config.lazada.apiUrl,
          authRestUrl: config.lazada.authRestUrl,
        }
      : {
          appKey: sandboxDefaults.lazada.appKey,
          appSecret: sandboxDefaults.lazada.appSecret,
          authBaseUrl: `${sandboxBase}/lazada`,
          apiBaseUrl: `${sandboxBase}/lazada/rest`,
          authRestUrl: `${sandboxBase}/lazada/rest`,
        },
    fetchImpl,
  );
  return { shopee, lazada };
}

export function createConnectors(clients: MarketplaceClients): Connectors {
  return {
    shopee: {
      authorizationUrl: ({ callbackUrl }) => clients.shopee.authorizationUrl(callbackUrl),
      async completeAuthorization(query) {
        const shopId = query.shop_id;
        if (!query.code || !shopId) throw new Error('Shopee did not return a code and shop_id');
        const t = await clients.shopee.getAccessToken({ code: query.code, shopId });
        return {
          externalId: shopId,
          region: null,
          accessToken: t.accessToken,
          refreshToken: t.refreshToken,
          expiresAt: t.expiresAt,
          refreshExpiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        };
      },
      async refresh({ refreshToken, externalId }) {
        const t = await clients.shopee.refreshAccessToken({ refreshToken, shopId: externalId });
        return {
          accessToken: t.accessToken,
          refreshToken: t.refreshToken,
          expiresAt: t.expiresAt,
          refreshExpiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
        };
      },
      needsReauthorization,
    },
    lazada: {
      authorizationUrl: ({ callbackUrl, state }) =>
        clients.lazada.authorizationUrl({ redirectUri: callbackUrl, state }),
      async completeAuthorization(query) {
        if (!query.code) throw new Error('Lazada did not return a code');
        const t = await clients.lazada.createToken(query.code);
        return {
          externalId: t.sellerId,
          region: t.country ?? null,
          accessToken: t.accessToken,
          refreshToken: t.refreshToken,
          expiresAt: t.expiresAt,
          refreshExpiresAt: t.refreshExpiresAt ?? null,
        };
      },
      async refresh({ refreshToken }) {
        const t = await clients.lazada.refreshToken(refreshToken);
        return {
          accessToken: t.accessToken,
          refreshToken: t.refreshToken,
          expiresAt: t.expiresAt,
          refreshExpiresAt: t.refreshExpiresAt ?? null,
        };
      },
      needsReauthorization,
    },
  };
}
