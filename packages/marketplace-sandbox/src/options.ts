import type { Platform } from './data/types.ts';

/** Demo credentials the product uses when no real partner credentials are configured. */
export const sandboxDefaults = {
  shopee: { partnerId: 2_000_001, partnerKey: 'sandbox-shopee-partner-key-5f2b9c' },
  lazada: { appKey: '100001', appSecret: 'sandbox-lazada-app-secret-8d41e7' },
} as const;

export interface SandboxOptions {
  /** The sandbox's own base URL as browsers see it, e.g. http://localhost:3000/sandbox */
  publicUrl: string;
  /** A JSON file holding the sandbox's state across restarts; in memory only when absent. */
  statePath?: string | undefined;
  shopee: { partnerId: number; partnerKey: string; webhookUrl?: string | undefined };
  lazada: { appKey: string; appSecret: string; webhookUrl?: string | undefined };
  /** Used to deliver pushes to the webhooks. */
  fetch?: typeof fetch;
  now?: () => number;
  /** Access token lifetime; by default Shopee's 4 hours and a Lazada test app's 7 days. */
  accessTokenTtlSeconds?: number;
  /** Waits between push attempts before a push counts as lost (default 1 s, 5 s, 15 s). */
  pushRetryDelaysMs?: number[];
}

export interface SandboxConfig {
  publicUrl: string;
  statePath: string | undefined;
  shopee: { partnerId: number; partnerKey: string; webhookUrl: string | undefined };
  lazada: { appKey: string; appSecret: string; webhookUrl: string | undefined };
  fetch: typeof fetch;
  now: () => number;
  accessTtlSeconds: Record<Platform, number>;
  refreshTtlSeconds: Record<Platform, number>;
  pushRetryDelaysMs: readonly number[];
  pushTimeoutMs: number;
}

export function resolveConfig(options: SandboxOptions): SandboxConfig {
  if (!/^https?:\/\//.test(options.publicUrl)) throw new Error('sandbox: publicUrl must be an http(s) URL');
  return {
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    statePath: options.statePath || undefined,
    shopee: { ...options.shopee, webhookUrl: options.shopee.webhookUrl || undefined },
    lazada: { ...options.lazada, webhookUrl: options.lazada.webhookUrl || undefined },
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
    now: options.now ?? Date.now,
    accessTtlSeconds: {
      shopee: options.accessTokenTtlSeconds ?? 4 * 3600,
      lazada: options.accessTokenTtlSeconds ?? 7 * 86_400,
    },
    refreshTtlSeconds: { shopee: 30 * 86_400, lazada: 14 * 86_400 },
    pushRetryDelaysMs: options.pushRetryDelaysMs ?? [1000, 5000, 15_000],
    pushTimeoutMs: 5000,
  };
}
