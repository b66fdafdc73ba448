import { limits, type Merchant, messages, serverMessages } from '@balas/contracts';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { merchants, passwordResets, sessions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { RealtimeSession } from '../../platform/realtime.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import { isGuessablePassword } from './common-passwords.ts';
import { createPasswordStrength, PASSWORD_SCORE_MIN } from './password-strength.ts';

// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const argon2Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const SESSION_DAYS = 30;
// Verifying against this keeps an unknown e-mail as slow as a wrong password.
const dummyHash = hash('not-a-real-password', argon2Options);

type MerchantRow = typeof merchants.$inferSelect;
const toMerchant = (m: MerchantRow): Merchant => ({ id: m.id, name: m.name, email: m.email, phone: m.phone });

/**
 * Bearer-token lookups are cached this long. A sign-out or reset reaches every process at once
 * (Realtime.endSessions); a session revoked any other way, within this.
 */
const AUTH_CACHE_MS = 10_000;
const AUTH_CACHE_SIZE = 10_000;

export function createAuthService(ctx: AppContext) {
  const { db } = ctx.database;
  const authCache = new Map<string, { session: RealtimeSession; until: number }>();
  const strength = createPasswordStrength(ctx.log);

  /**
   * Refuses a password too easy to guess: a common one, the account's own e-mail or name, or one
   * zxcvbn-ts (English, Indonesian and Malaysian words) finds guessable ("Summer2024!", "Malaysia123").
   */
  async function refuseGuessable(password: string, account: { email: string; name: string }) {
    const email = account.email.trim().toLowerCase();
    const name = account.name.toLowerCase();
    const userInputs = [
      email,
      email.split('@')[0] ?? '',
      name.replace(/\s+/g, ''),
      ...name.split(/\s+/),
      'balas',
    ];
    const score = isGuessablePassword(password, email) ? 0 : await strength.score(password, userInputs);
    if (score !== null && score < PASSWORD_SCORE_MIN) {
      const message = messages.validation.passwordCommon;
      throw new AppError('validation', message, { password: message });
    }
  }
  // Sessions ended on any process (sign-out, reset) are forgotten at once, not within AUTH_CACHE_MS.
  ctx.realtime.onSessionsEnded((sessionIds) => {
    const ended = new Set(sessionIds);
    for (const [hash, entry] of authCache) if (ended.has(entry.session.sessionId)) authCache.delete(hash);
  });

  async function openSession(merchantId: string): Promise<string> {
    const token = randomToken();
    await db.insert(sessions).values({
      merchantId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000),
    });
    return token;
  }

  /** The session behind a bearer token, or null when the token is unknown, revoked or expired. */
  async function session(token: string, options: { fresh?: boolean } = {}): Promise<RealtimeSession | null> {
    if (token.length < 20 || token.length > 100) return null;
    const tokenHash = sha256(token);
    const hit = options.fresh ? undefined : authCache.get(tokenHash);
    if (hit && hit.until > Date.now()) return hit.session;
    const [row] = await db
      .select({ merchantId: sessions.merchantId, sessionId: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    if (!row) {
      authCache.delete(tokenHash);
      return null;
    }
    if (authCache.size >= AUTH_CACHE_SIZE) authCache.clear();
    authCache.set(tokenHash, { session: row, until: Date.now() + AUTH_CACHE_MS });
    return row;
  }

  return {
    /** Stops the password strength worker (it also stops by itself when idle). */
    close: () => strength.close(),

    async signup(input: { name: string; email: string; phone: string; password: string }) {
      await refuseGuessable(input.password, input);
      const passwordHash = await hash(input.password, argon2Options);
      const [row] = await db
        .insert(merchants)
        .values({ name: input.name, email: input.email, phone: input.phone, passwordHash })
        .onConflictDoNothing({ target: merchants.email })
        .returning();
      if (!row)
        throw new AppError('conflict', 'A user already exists with this email address', {
          email: messages.auth.userExists,
        });
      return { accessToken: await openSession(row.id), user: toMerchant(row) };
    },

    async signin(input: { email: string; password: string }) {
      const [row] = await db.select().from(merchants).where(eq(merchants.email, input.email));
      const ok = await verify(row?.passwordHash ?? (await dummyHash), input.password);
      if (!row || !ok) throw new AppError('unauthenticated', messages.auth.invalidCredentials);
      return { accessToken: await openSession(row.id), user: toMerchant(row) };
    },

    /** The merchant behind a bearer token, or null when the token is unknown, revoked or expired. */
    async authenticate(token: string): Promise<string | null> {
      return (await session(token))?.merchantId ?? null;
    },

    session,

    /** Revokes the token's session and disconnects its sockets on every process. */
    async signout(token: string): Promise<void> {
      const tokenHash = sha256(token);
      authCache.delete(tokenHash);
      const ended = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      ctx.realtime.endSessions(ended.map((s) => s.id));
    },

    async me(merchantId: string): Promise<Merchant> {
      const [row] = await db.select().from(merchants).where(eq(merchants.id, merchantId));
      if (!row) throw new AppError('unauthenticated', messages.auth.unauthenticated);
      return toMerchant(row);
    },

    /** Mails a single-use reset link when the e-mail is known; answers the same either way. */
    async forgotPassword(email: string): Promise<void> {
      const [row] = await db.select().from(merchants).where(eq(merchants.email, email));
      if (!row) return;
      const token = randomToken();
      await db.insert(passwordResets).values({
        merchantId: row.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + limits.resetTokenMinutes * 60 * 1000),
      });
      const link = `${ctx.config.publicUrl}/reset-password/${token}?email=${encodeURIComponent(email)}`;
      await ctx.mailer.send({
        to: email,
        subject: messages.auth.resetMailSubject,
        text: `Hello ${row.name},\n\nSomeone asked to reset the password of your Balas account. Open this link within ${limits.resetTokenMinutes} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        html: `<p>Hello ${escapeHtml(row.name)},</p><p>Someone asked to reset the password of your Balas account. Open this link within ${limits.resetTokenMinutes} minutes to choose a new one:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
      });
    },

    async resetPassword(input: { token: string; email: string; password: string }): Promise<void> {
      // The link first: only its holder has a password estimated (and hashed).
      const [reset] = await db
        .select({
          id: passwordResets.id,
          merchantId: passwordResets.merchantId,
          email: merchants.email,
          name: merchants.name,
        })
        .from(passwordResets)
        .innerJoin(merchants, eq(merchants.id, passwordResets.merchantId))
        .where(
          and(
            eq(passwordResets.tokenHash, sha256(input.token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        );
      if (!reset || reset.email !== input.email)
        throw new AppError('unprocessable', messages.auth.resetInvalid);
      await refuseGuessable(input.password, reset);
      const passwordHash = await hash(input.password, argon2Options);
      const ended = await db.transaction(async (tx) => {
        // Claiming the token in the same statement makes it single use even under a race.
        const claimed = await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResets.id, reset.id),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, new Date()),
            ),
          )
          .returning({ id: passwordResets.id });
        if (claimed.length === 0) throw new AppError('unprocessable', messages.auth.resetInvalid);
        await tx.update(merchants).set({ passwordHash }).where(eq(merchants.id, reset.merchantId));
        return tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.merchantId, reset.merchantId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
      });
      // Every session of the merchant ends: its sockets are disconnected, every process forgets it.
      ctx.realtime.endSessions(ended.map((s) => s.id));
    },

    /**
     * A signed-in merchant changes its password: the current one must be right and the new one pass
     * the same checks as at sign-up. Every *other* session of the merchant ends (REST answers 401, its
     * sockets are disconnected on every process) and unused reset links stop working; the session
     * that asked stays signed in, so the merchant is not logged out of the page they are on.
     */
    async changePassword(
      current: RealtimeSession,
      input: { current_password: string; password: string },
    ): Promise<{ endedSessions: number }> {
      const [row] = await db.select().from(merchants).where(eq(merchants.id, current.merchantId));
      if (!row) throw new AppError('unauthenticated', messages.auth.unauthenticated);
      if (!(await verify(row.passwordHash, input.current_password))) {
        const message = serverMessages.password.currentWrong;
        throw new AppError('validation', message, { current_password: message });
      }
      await refuseGuessable(input.password, row);
      const passwordHash = await hash(input.password, argon2Options);
      const ended = await db.transaction(async (tx) => {
        // Only over the hash that was verified: a reset or change that won the race is not undone.
        const changed = await tx
          .update(merchants)
          .set({ passwordHash })
          .where(and(eq(merchants.id, row.id), eq(merchants.passwordHash, row.passwordHash)))
          .returning({ id: merchants.id });
        if (changed.length === 0) {
          const message = serverMessages.password.currentWrong;
          throw new AppError('validation', message, { current_password: message });
        }
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.merchantId, row.id), isNull(passwordResets.usedAt)));
        return tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(sessions.merchantId, row.id),
              ne(sessions.id, current.sessionId),
              isNull(sessions.revokedAt),
            ),
          )
          .returning({ id: sessions.id });
      });
      ctx.realtime.endSessions(ended.map((s) => s.id));
      // The owner hears of it, so a change they did not make does not go unnoticed. The change is
      // done whether or not the mail goes out.
      await ctx.mailer
        .send({
          to: row.email,
          subject: serverMessages.password.changedMailSubject,
          text: `Hello ${row.name},\n\nThe password of your Balas account was changed, and every other device signed in to it was signed out.\n\nIf it was not you, reset your password now: ${ctx.config.publicUrl}/login ("Forgot password?").\n`,
          html: `<p>Hello ${escapeHtml(row.name)},</p><p>The password of your Balas account was changed, and every other device signed in to it was signed out.</p><p>If it was not you, reset your password now: <a href="${escapeHtml(`${ctx.config.publicUrl}/login`)}">${escapeHtml(`${ctx.config.publicUrl}/login`)}</a> ("Forgot password?").</p>`,
        })
        .catch((err: unknown) => ctx.log.warn({ err }, 'the password-changed mail could not be sent'));
      return { endedSessions: ended.length };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
