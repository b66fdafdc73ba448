import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID identity: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, otherwise a key pair
 * generated once and kept in DATA_DIR/vapid.json, as the secret key is (embedded mode). A browser's
 * subscription is bound to the public key: a new pair would silence every subscribed browser.
 */
export function loadVapidDetails(config: Pick<Config, 'vapid' | 'dataDir'>): VapidDetails {
  const { subject } = config.vapid;
  if (config.vapid.keys) return { subject, ...config.vapid.keys };
  const file = join(config.dataDir, 'vapid.json');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    const keys = webPush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process wrote it first: theirs is read below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
