import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config.ts';

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

  it('trusts X-Forwarded-For from a number of proxies or from their addresses, never from anyone', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY must not be 'true'.*number of proxies in front of the server \(e\.g\. 1\)/,
    );
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.300', '1.2.3.4/8/1', '100']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        /TRUST_PROXY must be false, the number of proxies/,
      );
    }
  });

  it('believes X-Forwarded-For only from the proxies it names, or from the last hops it counts', async () => {
    const clientIp = async (trust: string, remoteAddress: string, forwarded: string) => {
      const app = Fastify({ trustProxy: fastifyTrustProxy(loadConfig({ TRUST_PROXY: trust }).trustProxy) });
      app.get('/', (request) => request.ip);
      const res = await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': forwarded } });
      await app.close();
      return res.body;
    };
    expect(await clientIp('10.0.0.0/8', '10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // A client reaching the server directly is not a proxy: its header is ignored.
    expect(await clientIp('10.0.0.0/8', '203.0.113.50', '6.6.6.6, 7.7.7.7')).toBe('203.0.113.50');
    expect(await clientIp('1', '10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp('2', '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1')).toBe('203.0.113.9');
    expect(await clientIp('false', '10.0.0.2', '6.6.6.6, 203.0.113.9')).toBe('10.0.0.2');
  });

  it('derives the public address from PORT and HOST when PUBLIC_URL is unset', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    // Only this machine reaches an install on its defaults; a server sets HOST=0.0.0.0.
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', HOST: '::' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PORT: '4100', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ PORT: '4100', HOST: '::1' }).publicUrl).toBe('http://[::1]:4100');
    expect(loadConfig({ PORT: '4100', PUBLIC_URL: 'https://balas.example.com/' }).publicUrl).toBe(
      'https://balas.example.com',
    );
  });

  it('resolves a mode per platform: live with credentials, the sandbox for both without any, off beside a live one', () => {
    expect(loadConfig({})).toMatchObject({
      sandbox: true,
      platforms: { shopee: { mode: 'sandbox' }, lazada: { mode: 'sandbox' }, website: { mode: 'live' } },
    });
    const c = loadConfig({ SHOPEE_PARTNER_ID: '123', SHOPEE_PARTNER_KEY: 'k' });
    expect(c.sandbox).toBe(false);
    expect(c.platforms.shopee).toEqual({
      mode: 'live',
      partnerId: 123,
      partnerKey: 'k',
      baseUrl: 'https://partner.shopeemobile.com',
    });
    expect(c.platforms.lazada).toEqual({ mode: 'off' });
    const lazada = loadConfig({
      LAZADA_APP_KEY: 'a',
      LAZADA_APP_SECRET: 's',
      LAZADA_API_URL: 'https://api.lazada.sg/rest',
    });
    expect(lazada.platforms).toEqual({
      shopee: { mode: 'off' },
      lazada: {
        mode: 'live',
        appKey: 'a',
        appSecret: 's',
        authUrl: 'https://auth.lazada.com',
        apiUrl: 'https://api.lazada.sg/rest',
        authRestUrl: 'https://auth.lazada.com/rest',
      },
      website: { mode: 'live' },
    });
    expect(() => loadConfig({ LAZADA_APP_SECRET: 's' })).toThrow(
      'Invalid configuration: set both of LAZADA_APP_KEY/LAZADA_APP_SECRET',
    );
    expect(() => loadConfig({ LAZADA_API_URL: 'not a url' })).toThrow(/LAZADA_API_URL/);
  });
});
