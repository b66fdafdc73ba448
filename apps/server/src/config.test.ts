import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('config', () => {
  it('runs on embedded defaults with the sandbox', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.sandbox).toBe(true);
    expect(c.dataDir).toMatch(/data$/);
  });

  it('fails with one line naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SECRET_KEY: 'short' })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ SHOPEE_PARTNER_ID: '1' })).toThrow(/SHOPEE_PARTNER_ID\/SHOPEE_PARTNER_KEY/);
  });

  it('derives the public address from PORT and HOST when PUBLIC_URL is unset', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', HOST: '::' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ PORT: '4100', HOST: '::1' }).publicUrl).toBe('http://[::1]:4100');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://balas.example.com/' }).publicUrl).toBe(
      'https://balas.example.com',
    );
  });

  it('switches off the sandbox when partner credentials are given', () => {
    const c = loadConfig({ SHOPEE_PARTNER_ID: '123', SHOPEE_PARTNER_KEY: 'k' });
    expect(c.sandbox).toBe(false);
    expect(c.shopee?.baseUrl).toBe('https://partner.shopeemobile.com');
  });
});
