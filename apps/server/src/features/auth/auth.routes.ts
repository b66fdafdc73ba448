import {
  changePasswordAnswer,
  changePasswordBody,
  dataOf,
  forgotPasswordBody,
  merchant,
  messages,
  okAnswer,
  resetPasswordBody,
  serverMessages,
  sessionAnswer,
  signinBody,
  signupBody,
} from '@balas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service.ts';

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
};

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.addHook('onClose', async () => auth.close());
  const window = 15 * 60 * 1000;
  const perIp = (name: string, max: number, windowMs: number, message?: string) =>
    app.rateLimit({ name: `${name}:ip`, max, windowMs, key: (r) => r.ip, ...(message ? { message } : {}) });

  app.post(
    '/signup',
    {
      config: { public: true },
      preHandler: perIp('signup', 10, 60 * 60 * 1000, messages.auth.tooManySignups),
      schema: { tags: ['auth'], body: signupBody, response: { 200: dataOf(sessionAnswer) } },
    },
    async (request) => ({ data: await auth.signup(request.body) }),
  );

  app.post(
    '/signin',
    {
      config: { public: true },
      preHandler: [
        perIp('signin', 100, window),
        // Per account *and* address: someone guessing a merchant's password from elsewhere cannot
        // lock the merchant out; guessing from many addresses meets each address's own limit.
        app.rateLimit({
          name: 'signin:account',
          max: 10,
          windowMs: window,
          key: (r) => `${emailOf(r)} ${r.ip}`,
        }),
      ],
      schema: { tags: ['auth'], body: signinBody, response: { 200: dataOf(sessionAnswer) } },
    },
    async (request) => ({ data: await auth.signin(request.body) }),
  );

  app.get(
    '/signout',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: dataOf(okAnswer) } } },
    async (request) => {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
      if (token) await auth.signout(token);
      return { data: { message: 'Signed out' } };
    },
  );

  app.post(
    '/forgot_password',
    {
      // Per e-mail too, so nobody floods a merchant's mailbox from many addresses.
      config: { public: true },
      preHandler: [
        perIp('forgot', 100, window),
        app.rateLimit({ name: 'forgot:email', max: 10, windowMs: window, key: emailOf }),
      ],
      schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: dataOf(okAnswer) } },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email);
      return { data: { message: messages.auth.forgotSent } };
    },
  );

  app.post(
    '/reset_password',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: dataOf(okAnswer) } },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return { data: { message: messages.auth.resetDoneBody } };
    },
  );

  app.post(
    '/change_password',
    {
      // The current password can be guessed only as fast as a sign-in: per account and per address.
      preHandler: [
        perIp('change-password', 100, window),
        app.rateLimit({
          name: 'change-password:account',
          max: 10,
          windowMs: window,
          key: (r) => r.merchantId,
        }),
      ],
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session of the merchant is signed out',
        body: changePasswordBody,
        response: { 200: dataOf(changePasswordAnswer) },
      },
    },
    async (request) => {
      const { endedSessions } = await auth.changePassword(
        { merchantId: request.merchantId, sessionId: request.sessionId },
        request.body,
      );
      return { data: { message: serverMessages.password.changed, endedSessions } };
    },
  );

  app.get('/me', { schema: { tags: ['auth'], response: { 200: dataOf(merchant) } } }, async (request) => ({
    data: await auth.me(request.merchantId),
  }));
};
