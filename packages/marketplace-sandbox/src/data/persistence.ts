import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { seedData } from './seed.ts';
import { buildOrders, upgradeOrder } from './seed-orders.ts';
import {
  DATA_VERSION,
  type Grant,
  type Order,
  type PlatformData,
  platforms,
  type SandboxData,
} from './types.ts';

const DAY = 86_400_000;

/** The saved state when there is one of this version, otherwise fresh demo data. */
export function loadData(path: string | undefined, now: number): SandboxData {
  if (!path || !existsSync(path)) return seedData(now);
  let saved: Partial<SandboxData>;
  try {
    saved = JSON.parse(readFileSync(path, 'utf8')) as Partial<SandboxData>;
  } catch {
    return seedData(now);
  }
  if ((saved.version as number) === 2 && saved.shopee && saved.lazada) upgradeFromVersion2(saved, now);
  if (saved.version !== DATA_VERSION || !saved.shopee || !saved.lazada) return seedData(now);
  const data = saved as SandboxData;
  prune(data.shopee, now);
  prune(data.lazada, now);
  return data;
}

/** Writes through a temporary file and a rename, so a crash never leaves half a file. */
export function writeData(path: string, data: SandboxData): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(data));
  renameSync(tmp, path);
}

function prune(p: PlatformData, now: number) {
  const keep = (grants: Record<string, Grant>, graceMs: number) => {
    for (const [key, grant] of Object.entries(grants)) {
      if (grant.expiresAt + graceMs < now) delete grants[key];
    }
  };
  keep(p.codes, DAY);
  keep(p.accessTokens, DAY);
  keep(p.refreshTokens, DAY);
  p.lostPushes = p.lostPushes.filter((l) => l.timestamp * 1000 > now - 3 * DAY);
}

/**
 * Version 3 gave orders lines, tracking and every status a shopper asks about. Saved orders keep
 * their numbers (chats refer to them); each shop gains the new demo orders beside them.
 */
function upgradeFromVersion2(saved: Partial<SandboxData>, now: number) {
  for (const platform of platforms) {
    const p = saved[platform] as PlatformData;
    const old = p.orders as unknown as Record<string, unknown>[];
    const upgraded: Order[] = old.map((o) =>
      upgradeOrder(
        platform,
        p.shops.find((s) => s.id === o.shopId),
        o,
      ),
    );
    p.orders = [...upgraded, ...p.shops.flatMap((shop) => buildOrders(platform, shop, p.buyers, now))];
  }
  (saved as { version: number }).version = DATA_VERSION;
}
