import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { loadConfig } from '../../config.ts';
import { loadVapidDetails } from './vapid-keys.ts';

const dir = mkdtempSync(join(tmpdir(), 'balas-vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR on embedded defaults, kept private, and read back the same', () => {
    const config = loadConfig({ DATA_DIR: dir });
    const first = loadVapidDetails(config);
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:no-reply@balas.local');
    expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(loadVapidDetails(loadConfig({ DATA_DIR: dir }))).toEqual(first);
  });

  it('come from the environment when set (both, checked), with the subject given', () => {
    const keys = webPush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: join(dir, 'unused'),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://balas.example.com',
    });
    expect(loadVapidDetails(config)).toEqual({ subject: 'https://balas.example.com', ...keys });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PUBLIC_KEY\/VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'balas.example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
