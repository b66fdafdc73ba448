import { messages } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants, outboxEmails, sessions } from '../../db/schema.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign up', () => {
  it('creates the merchant, hashes the password with argon2id and logs in', async () => {
    const res = await post('/api/signup', {
      name: 'Aisyah',
      email: ' Aisyah@Example.com ',
      phone: '+60 (012) 345-6789',
      password: 'sup3r secret',
      confirm: 'sup3r secret',
    });
    expect(res.statusCode).toBe(200);
    const { accessToken, user } = res.json().data;
    expect(accessToken).toMatch(/^[\w-]{43}$/);
    expect(user.email).toBe('aisyah@example.com');
    const [row] = await t.ctx.database.db
      .select()
      .from(merchants)
      .where(eq(merchants.email, 'aisyah@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const stored = await t.ctx.database.db.select().from(sessions).where(eq(sessions.merchantId, row!.id));
    expect(stored[0]?.tokenHash).not.toContain(accessToken);
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.json().data.name).toBe('Aisyah');
  });

  it('refuses a duplicate e-mail with a message containing "user already exist"', async () => {
    const { email } = await signUp(t.app);
    const res = await post('/api/signup', {
      name: 'B',
      email: email.toUpperCase(),
      password: '12345678',
      confirm: '12345678',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain(messages.auth.userExists);
  });

  it('answers every bad field with its spec message and writes nothing', async () => {
    const before = await t.ctx.database.db.select().from(merchants);
    const res = await post('/api/signup', {
      name: '',
      email: 'not an email',
      phone: '12',
      password: 'short',
      confirm: 'other',
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation');
    expect(error.fields).toMatchObject({
      name: messages.validation.firstName,
      email: messages.validation.email,
      phone: messages.validation.phone,
      password: messages.validation.passwordMin,
      confirm: messages.validation.passwordMin,
    });
    const mismatch = await post('/api/signup', {
      name: 'A',
      email: 'a@b.co',
      password: '12345678',
      confirm: '87654321',
    });
    expect(mismatch.json().error.fields.confirm).toBe(messages.validation.passwordMismatch);
    expect(await t.ctx.database.db.select().from(merchants)).toHaveLength(before.length);
  });
});

describe('sign in and out', () => {
  it('signs in, and signout revokes the token', async () => {
    const { email } = await signUp(t.app);
    const res = await post('/api/signin', { email, password: 'correct horse' });
    expect(res.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${res.json().data.accessToken}` };
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/signout', headers })).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthenticated');
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { email } = await signUp(t.app);
    const wrong = await post('/api/signin', { email, password: 'wrong password' });
    const unknown = await post('/api/signin', { email: 'nobody@example.com', password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('rejects forged and malformed tokens', async () => {
    for (const authorization of [
      'Bearer forged-token-forged-token-forged-token-xx',
      'Bearer',
      'Basic abc',
      'Bearer a b',
    ]) {
      const res = await t.app.inject({ url: '/api/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('rate-limits sign in per e-mail with a clear 429', async () => {
    const email = 'target@example.com';
    let last = await post('/api/signin', { email, password: 'x' });
    for (let i = 0; i < 11; i++) last = await post('/api/signin', { email, password: 'x' });
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('rate_limited');
    expect(last.json().error.message).toContain('Too many attempts');
  });
});

describe('password reset', () => {
  const linkIn = async (to: string) => {
    const mails = await t.ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
    const text = mails.at(-1)?.text ?? '';
    const match = text.match(/\/reset-password\/([\w-]+)\?email=([^\s]+)/);
    if (!match) throw new Error(`no reset link in ${text}`);
    return { token: match[1]!, email: decodeURIComponent(match[2]!) };
  };

  it('mails a single-use link, resets the password and revokes old sessions', async () => {
    const { email, headers } = await signUp(t.app);
    const forgot = await post('/api/forgot_password', { email });
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json().data.message).toBe(messages.auth.forgotSent);
    const link = await linkIn(email);
    expect(link.email).toBe(email);

    const reset = await post('/api/reset_password', {
      token: link.token,
      email,
      password: 'new password!',
      password_confirmation: 'new password!',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(401);
    expect((await post('/api/signin', { email, password: 'new password!' })).statusCode).toBe(200);
    expect((await post('/api/signin', { email, password: 'correct horse' })).statusCode).toBe(401);

    const again = await post('/api/reset_password', {
      token: link.token,
      email,
      password: 'another one!',
      password_confirmation: 'another one!',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(messages.auth.resetInvalid);
  });

  it('refuses a link used with another e-mail, a forged token and a mismatch', async () => {
    const { email } = await signUp(t.app);
    await post('/api/forgot_password', { email });
    const link = await linkIn(email);
    const other = await post('/api/reset_password', {
      token: link.token,
      email: 'someone@else.com',
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(other.statusCode).toBe(422);
    const forged = await post('/api/reset_password', {
      token: 'forged',
      email,
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(forged.statusCode).toBe(422);
    const mismatch = await post('/api/reset_password', {
      token: link.token,
      email,
      password: '12345678',
      password_confirmation: '12345679',
    });
    expect(mismatch.json().error.fields.password_confirmation).toBe(
      messages.validation.resetPasswordMismatch,
    );
  });

  it('refuses an expired link', async () => {
    const { email } = await signUp(t.app);
    await post('/api/forgot_password', { email });
    const link = await linkIn(email);
    const { passwordResets } = await import('../../db/schema.ts');
    await t.ctx.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/api/reset_password', {
      token: link.token,
      email,
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(res.statusCode).toBe(422);
  });

  it('answers an unknown e-mail like a known one and mails nothing', async () => {
    const res = await post('/api/forgot_password', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    const mails = await t.ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'ghost@example.com'));
    expect(mails).toHaveLength(0);
  });
});
