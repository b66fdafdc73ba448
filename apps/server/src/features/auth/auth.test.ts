import { messages, serverMessages } from '@balas/contracts';
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
  it('refuses common and guessable passwords, and blank ones, with a clear message', async () => {
    const signup = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '198.51.100.30',
        payload: { name: 'Careful', email: 'carefulshop@example.com', password, confirm: password },
      });
    const guessable = [
      '12345678',
      'Password123',
      'iloveyou1',
      'qwertyuiop',
      'carefulshop@example.com',
      'CarefulShop',
    ];
    for (const password of guessable) {
      const res = await signup(password);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ password: messages.validation.passwordCommon });
    }
    const blank = await signup('        ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.password).toBe(messages.validation.passwordBlank);
    expect(
      await t.ctx.database.db.select().from(merchants).where(eq(merchants.email, 'carefulshop@example.com')),
    ).toEqual([]);
    expect((await signup('violet-harbour-41')).statusCode).toBe(200);
  });

  it('refuses common patterns the list misses (zxcvbn-ts with Malaysian words), and takes strong ones', async () => {
    const signup = (password: string, name = 'Nurul Huda') =>
      t.app.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress: '198.51.100.31',
        payload: { name, email: 'patterns@example.com', password, confirm: password },
      });
    // A season and a year, the country and a sequence, a state, a city, a word of affection.
    for (const password of [
      'Summer2024!',
      'Malaysia123',
      'Selangor@88',
      'KualaLumpur2024',
      'Johorbahru88',
      'Katalaluan1!',
      'Sayang123!',
      'NurulHuda88',
    ]) {
      const res = await signup(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.fields).toEqual({ password: messages.validation.passwordCommon });
    }
    expect((await signup('lantern-quiet-87')).statusCode).toBe(200);
  });

  it('limits sign-ups from one address', async () => {
    const from = (remoteAddress: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/signup',
        remoteAddress,
        payload: {
          name: 'Bulk',
          email: `bulk${i}@example.com`,
          password: 'violet-harbour-41',
          confirm: 'violet-harbour-41',
        },
      });
    for (let i = 0; i < 10; i++) expect((await from('198.51.100.40', i)).statusCode).toBe(200);
    const eleventh = await from('198.51.100.40', 10);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toContain(messages.auth.tooManySignups);
    expect((await from('198.51.100.41', 11)).statusCode).toBe(200);
  });

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
      password: 'lantern-quiet-87',
      confirm: 'lantern-quiet-87',
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

  it('limits guesses at an account from one address, and the owner still signs in from theirs', async () => {
    const { email } = await signUp(t.app);
    const guess = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/signin', remoteAddress, payload: { email, password } });
    let last = await guess('198.51.100.66', 'x');
    for (let i = 0; i < 10; i++) last = await guess('198.51.100.66', `guess ${i}`);
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('rate_limited');
    expect(last.json().error.message).toContain('Too many attempts');
    // The real owner, elsewhere, is not locked out.
    expect((await guess('203.0.113.5', 'correct horse')).statusCode).toBe(200);
    // Guessing from a second address meets that address's own limit.
    for (let i = 0; i < 10; i++) expect((await guess('198.51.100.67', `other ${i}`)).statusCode).toBe(401);
    expect((await guess('198.51.100.67', 'one more')).statusCode).toBe(429);
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

    // A weak new password is refused like at sign-up (the link stays usable).
    const another = await signUp(t.app);
    await post('/api/forgot_password', { email: another.email });
    const anotherLink = await linkIn(another.email);
    const weak = await post('/api/reset_password', {
      token: anotherLink.token,
      email: another.email,
      password: 'Summer2024!',
      password_confirmation: 'Summer2024!',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ password: messages.validation.passwordCommon });
    const strong = await post('/api/reset_password', {
      token: anotherLink.token,
      email: another.email,
      password: 'violet-harbour-41',
      password_confirmation: 'violet-harbour-41',
    });
    expect(strong.statusCode).toBe(200);

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
      password: 'lantern-quiet-87',
      password_confirmation: 'lantern-quiet-87',
    });
    expect(other.statusCode).toBe(422);
    const forged = await post('/api/reset_password', {
      token: 'forged',
      email,
      password: 'lantern-quiet-87',
      password_confirmation: 'lantern-quiet-87',
    });
    expect(forged.statusCode).toBe(422);
    const mismatch = await post('/api/reset_password', {
      token: link.token,
      email,
      password: 'lantern-quiet-87',
      password_confirmation: 'lantern-quiet-88',
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
      password: 'lantern-quiet-87',
      password_confirmation: 'lantern-quiet-87',
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

describe('password change', () => {
  const change = (headers: Record<string, string>, payload: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/change_password',
      headers,
      payload: payload as object,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const body = (current: string, password: string, confirmation = password) => ({
    current_password: current,
    password,
    password_confirmation: confirmation,
  });
  const signInAs = async (email: string, password = 'correct horse') => {
    const res = await post('/api/signin', { email, password });
    return { authorization: `Bearer ${res.json().data.accessToken}` };
  };
  const me = async (headers: Record<string, string>) =>
    (await t.app.inject({ url: '/api/me', headers })).statusCode;

  it('changes the password, keeps this session and signs every other one out', async () => {
    const { email, headers } = await signUp(t.app);
    const phone = await signInAs(email);
    const laptop = await signInAs(email);
    // Another merchant's sessions are not touched.
    const stranger = await signUp(t.app);
    await post('/api/forgot_password', { email });

    const res = await change(headers, body('correct horse', 'lantern-quiet-87'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ message: serverMessages.password.changed, endedSessions: 2 });
    expect(await me(headers)).toBe(200);
    expect(await me(phone)).toBe(401);
    expect(await me(laptop)).toBe(401);
    expect(await me(stranger.headers)).toBe(200);
    expect((await post('/api/signin', { email, password: 'correct horse' })).statusCode).toBe(401);
    expect((await post('/api/signin', { email, password: 'lantern-quiet-87' })).statusCode).toBe(200);

    // The reset link mailed before the change no longer works; the owner is told of the change.
    const mails = await t.ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    const resetToken = mails[0]!.text.match(/\/reset-password\/([\w-]+)/)![1]!;
    const reset = await post('/api/reset_password', {
      token: resetToken,
      email,
      password: 'violet-harbour-41',
      password_confirmation: 'violet-harbour-41',
    });
    expect(reset.statusCode).toBe(422);
    expect(mails.at(-1)?.subject).toBe(serverMessages.password.changedMailSubject);
    expect(mails.at(-1)?.text).toContain('every other device signed in to it was signed out');
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { email, headers } = await signUp(t.app);
    const other = await signInAs(email);
    const res = await change(headers, body('wrong horse', 'lantern-quiet-87'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation',
      message: serverMessages.password.currentWrong,
      fields: { current_password: serverMessages.password.currentWrong },
    });
    // Not a 401: the dashboard would take that for the end of the session.
    expect(await me(headers)).toBe(200);
    expect(await me(other)).toBe(200);
    expect((await post('/api/signin', { email, password: 'correct horse' })).statusCode).toBe(200);
  });

  it('judges the new password as sign-up does, and answers every bad field with its message', async () => {
    const { email, headers } = await signUp(t.app);
    for (const weak of ['Summer2024!', 'Malaysia123', '12345678', email]) {
      const res = await change(headers, body('correct horse', weak));
      expect(res.statusCode, weak).toBe(400);
      expect(res.json().error.fields).toEqual({ password: messages.validation.passwordCommon });
    }
    const empty = await change(headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      current_password: messages.validation.currentPassword,
      password: messages.validation.password,
      password_confirmation: messages.validation.passwordConfirmation,
    });
    const short = await change(headers, body('correct horse', 'short'));
    expect(short.json().error.fields.password).toBe(messages.validation.passwordMin);
    const blank = await change(headers, body('correct horse', '          '));
    expect(blank.json().error.fields.password).toBe(messages.validation.passwordBlank);
    const mismatch = await change(headers, body('correct horse', 'lantern-quiet-87', 'lantern-quiet-88'));
    expect(mismatch.json().error.fields).toEqual({
      password_confirmation: messages.validation.passwordMismatch,
    });
    const same = await change(headers, body('correct horse', 'correct horse'));
    expect(same.json().error.fields).toEqual({ password: messages.validation.passwordUnchanged });
    const long = await change(headers, body('correct horse', 'x'.repeat(201)));
    expect(long.json().error.fields.password).toBe(messages.validation.tooLong(200));
    // None of these changed it.
    expect((await post('/api/signin', { email, password: 'correct horse' })).statusCode).toBe(200);
  });

  it('needs a signed-in merchant', async () => {
    const res = await change({}, body('correct horse', 'lantern-quiet-87'));
    expect(res.statusCode).toBe(401);
    const revoked = await signUp(t.app);
    await t.app.inject({ url: '/api/signout', headers: revoked.headers });
    expect((await change(revoked.headers, body('correct horse', 'lantern-quiet-87'))).statusCode).toBe(401);
  });

  it('limits guesses at the current password per account, from any address', async () => {
    const { headers } = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await change(headers, body(`guess ${i}`, 'lantern-quiet-87'), `198.51.100.${80 + i}`);
      expect(res.statusCode).toBe(400);
    }
    const limited = await change(headers, body('correct horse', 'lantern-quiet-87'), '198.51.100.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(limited.json().error.message).toContain(messages.auth.tooManyAttempts);
    // Another merchant is not limited by it.
    const other = await signUp(t.app);
    expect((await change(other.headers, body('correct horse', 'lantern-quiet-87'))).statusCode).toBe(200);
  });
});

describe('public and private routes', () => {
  it('marks only the routes that need a token as needing one in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const security = (path: string, method: string) => doc.paths[path][method].security ?? doc.security;
    for (const [path, method] of [
      ['/api/signup', 'post'],
      ['/api/signin', 'post'],
      ['/api/forgot_password', 'post'],
      ['/api/reset_password', 'post'],
      ['/api/health', 'get'],
      ['/api/website/v1/{id}', 'post'],
      ['/api/website/v1/{id}/{sessionId}', 'get'],
    ] as const) {
      expect(security(path, method), `${method} ${path}`).toEqual([]);
    }
    for (const [path, method] of [
      ['/api/me', 'get'],
      ['/api/change_password', 'post'],
      ['/api/shopee', 'get'],
      ['/api/shopee/v1/lang_chain_push/loader', 'post'],
    ] as const) {
      expect(security(path, method), `${method} ${path}`).toEqual([{ bearer: [] }]);
    }
  });

  it('answers CORS preflights for the widget routes only', async () => {
    const preflight = (url: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    for (const url of ['/api/me', '/api/shopee', '/api/signin', '/api/shopee/v1/lang_chain_push/loader']) {
      const res = await preflight(url);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.statusCode, url).toBe(404);
    }
    const widget = await preflight('/api/website/v1/0b6f0c3e-3d0c-4d7e-9d7b-2a1f6f2d9a10');
    expect(widget.statusCode).toBe(204);
    expect(widget.headers['access-control-allow-origin']).toBe('*');
  });
});
