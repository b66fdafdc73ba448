import { createLazadaClient, type LazadaClient } from '@balas/marketplaces';
import { z } from 'zod';
import type { PlatformDefinition } from '../platform.ts';
import { createLazadaPlatform, createLazadaVerifier } from './lazada.platform.ts';

export interface LazadaSettings {
  appKey: string;
  appSecret: string;
  authUrl: string;
  apiUrl: string;
  authRestUrl: string;
}

const sandboxCredentials = z.object({ appKey: z.string(), appSecret: z.string() });

const env = z.object({
  LAZADA_APP_KEY: z.string().min(1).optional(),
  LAZADA_APP_SECRET: z.string().min(1).optional(),
  LAZADA_AUTH_URL: z.url().optional(),
  LAZADA_API_URL: z.url().optional(),
  LAZADA_AUTH_REST_URL: z.url().optional(),
});

export const lazadaDefinition: PlatformDefinition<'lazada', LazadaSettings, LazadaClient, typeof env> = {
  id: 'lazada',
  name: 'Lazada',
  marketplace: true,
  env,
  live(e, issue) {
    const { LAZADA_APP_KEY: appKey, LAZADA_APP_SECRET: appSecret } = e;
    if ((appKey === undefined) !== (appSecret === undefined))
      issue('set both of LAZADA_APP_KEY/LAZADA_APP_SECRET');
    if (!appKey || !appSecret) return undefined;
    return {
      appKey,
      appSecret,
      authUrl: e.LAZADA_AUTH_URL ?? 'https://auth.lazada.com',
      apiUrl: e.LAZADA_API_URL ?? 'https://api.lazada.com.my/rest',
      authRestUrl: e.LAZADA_AUTH_REST_URL ?? 'https://auth.lazada.com/rest',
    };
  },
  sandbox: ({ defaults, sandboxUrl }) => ({
    ...sandboxCredentials.parse(defaults().lazada),
    authUrl: sandboxUrl,
    apiUrl: `${sandboxUrl}/rest`,
    authRestUrl: `${sandboxUrl}/rest`,
  }),
  off: (sandboxUrl) => ({
    appKey: 'off',
    appSecret: 'off',
    authUrl: sandboxUrl,
    apiUrl: `${sandboxUrl}/rest`,
    authRestUrl: `${sandboxUrl}/rest`,
  }),
  create({ mode, settings, fetch, access }) {
    const client = createLazadaClient(
      {
        appKey: settings.appKey,
        appSecret: settings.appSecret,
        authBaseUrl: settings.authUrl,
        apiBaseUrl: settings.apiUrl,
        authRestUrl: settings.authRestUrl,
      },
      fetch,
    );
    const platform = createLazadaPlatform({
      mode,
      client,
      verifier: mode === 'off' ? null : createLazadaVerifier(settings.appKey, settings.appSecret),
      access,
    });
    return { client, platform };
  },
};
