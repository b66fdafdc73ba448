import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { seedData } from './seed.ts';
import { DATA_VERSION, type Grant, type PlatformData, type SandboxData } from './types.ts';

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
