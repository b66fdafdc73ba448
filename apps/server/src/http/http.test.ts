import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: '2048' });
});
afterAll(async () => {
  await t.close();
});

describe('HTTP conventions', () => {
  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ok');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends the security headers on API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps a sane request id given by the caller', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('answers malformed JSON with 400 bad_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_json');
  });

  it('answers wrong types and missing fields with 400 and per-field messages', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signin', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: 'a@b.co', password: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('too_large');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/signin'].post).toBeTruthy();
    expect(JSON.stringify(doc.paths['/api/signup'])).toContain('password');
  });

  it('routes POST ?_method=DELETE as DELETE', async () => {
    t.app; // the override runs before routing: an unknown DELETE route gives a DELETE 404
    const res = await t.app.inject({ method: 'POST', url: '/api/nowhere?_method=DELETE' });
    expect(res.json().error.message).toContain('DELETE');
  });
});
