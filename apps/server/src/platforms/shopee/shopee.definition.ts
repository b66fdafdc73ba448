import { createShopeeClient, type ShopeeClient } from '@balas/marketplaces';
import { z } from 'zod';
import type { PlatformDefinition } from '../platform.ts';
import { createShopeePlatform, createShopeeVerifier, shopeePushOf } from './shopee.platform.ts';

export interface ShopeeSettings {
  partnerId: number;
  partnerKey: string;
  baseUrl: string;
}

const sandboxCredentials = z.object({ partnerId: z.number(), partnerKey: z.string() });

const env = z.object({
  SHOPEE_PARTNER_ID: z.coerce.number().int().positive().optional(),
  SHOPEE_PARTNER_KEY: z.string().min(1).optional(),
  SHOPEE_BASE_URL: z.url().optional(),
});

export const shopeeDefinition: PlatformDefinition<'shopee', ShopeeSettings, ShopeeClient, typeof env> = {
  id: 'shopee',
  name: 'Shopee',
  marketplace: true,
  env,
  live(e, issue) {
    const { SHOPEE_PARTNER_ID: partnerId, SHOPEE_PARTNER_KEY: partnerKey } = e;
    if ((partnerId === undefined) !== (partnerKey === undefined))
      issue('set both of SHOPEE_PARTNER_ID/SHOPEE_PARTNER_KEY');
    if (partnerId === undefined || !partnerKey) return undefined;
    return { partnerId, partnerKey, baseUrl: e.SHOPEE_BASE_URL ?? 'https://partner.shopeemobile.com' };
  },
  sandbox: ({ defaults, sandboxUrl }) => ({
    ...sandboxCredentials.parse(defaults().shopee),
    baseUrl: sandboxUrl,
  }),
  off: (sandboxUrl) => ({ partnerId: 0, partnerKey: 'off', baseUrl: sandboxUrl }),
  create({ mode, settings, webhookUrl, fetch, access }) {
    const client = createShopeeClient(settings, fetch);
    const platform = createShopeePlatform({
      mode,
      client,
      verifier: mode === 'off' ? null : createShopeeVerifier(settings.partnerKey, webhookUrl),
      access,
    });
    return {
      client,
      platform: {
        ...platform,
        // Shopee keeps the pushes it could not deliver for 3 days, listed partner-wide.
        lostPushes:
          mode === 'off'
            ? undefined
            : {
                async page() {
                  const lost = await client.getLostPushMessage();
                  return {
                    pushes: lost.pushes.map((push) => ({ native: push, decode: () => shopeePushOf(push) })),
                    hasNextPage: lost.hasNextPage,
                    confirm: async () => {
                      await client.confirmConsumedLostPushMessage(lost.lastMessageId);
                    },
                  };
                },
              },
      },
    };
  },
};
