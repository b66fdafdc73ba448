import {
  type ConnectFailure,
  type Shop,
  type ShopCreateBody,
  type ShopUpdateBody,
  serverMessages,
} from '@balas/contracts';
import { and, asc, eq, isNotNull, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import { knowledgeFiles, type ShopConfig, shops } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Outbox, publish } from '../../platform/outbox.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import type { Connector, MarketplaceTokens, PlatformId } from '../../platforms/platform.ts';
import type { Platforms } from '../../platforms/registry.ts';
import { shopOnboarding } from './onboarding.ts';
import { createOwned, createShopCache, isUuid } from './shop-guard.ts';
import { SHOP_BOT_ENABLED } from './shops.events.ts';

export const defaultShopConfig: ShopConfig = {
  vouchersEnabled: false,
  pauseBotOnManualReply: true,
  handoverMessage: '',
};

export function toShop(row: ShopRow): Shop {
  return {
    id: row.id,
    shopId: row.externalId ?? row.id,
    providerName: row.provider,
    type: 'Shopee',
    addInformation: {
      name: row.name,
      person_name: row.personName,
      person_email: row.personEmail,
      person_phone: row.personPhone,
    },
    defaultBotStatus: row.defaultBotStatus,
    status: row.status,
    config: { ...defaultShopConfig, ...row.config },
    createdAt: row.createdAt.toISOString(),
  };
}

export function createShopsService(
  ctx: AppContext,
  platforms: Platforms,
  deps: { outbox: Pick<Outbox, 'nudge'> },
) {
  /** The marketplace's authorization; a platform that is off on this server connects nothing. */
  const connectorOf = (provider: PlatformId): Connector => {
    const platform = platforms.of(provider);
    if (platform.mode === 'off' || !platform.connector)
      throw new AppError('unprocessable', serverMessages.platformOff(platform.name));
    return platform.connector;
  };
  /** A channel that needs no authorization (the website): its shops are ours from the start. */
  const connects = (provider: PlatformId) => platforms.of(provider).connector !== null;
  const { db } = ctx.database;
  const { publicUrl } = ctx.config;
  // The inbox reads resolve their shop through this; every change below makes it forget the shop.
  const cache = createShopCache(db);
  // The authorization window's last page: it tells the dashboard and closes itself.
  const connectedUrl = `${publicUrl}/connected`;

  const tokenColumns = (tokens: MarketplaceTokens) => ({
    accessTokenEnc: ctx.secrets.encrypt(tokens.accessToken),
    refreshTokenEnc: ctx.secrets.encrypt(tokens.refreshToken),
    tokenExpiresAt: tokens.expiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
  });

  async function startAuthorization(row: ShopRow, redirect: string | undefined) {
    if (!connects(row.provider))
      return { authUrl: redirect || `${publicUrl}/dashboard/shops/website/${row.id}` };
    const state = randomToken();
    await db
      .update(shops)
      .set({ oauthStateHash: sha256(state), oauthRedirect: redirect ?? null, updatedAt: new Date() })
      .where(eq(shops.id, row.id));
    const connector = connectorOf(row.provider);
    const callbackUrl = `${publicUrl}/api/${row.provider}/callback${connector.stateInPath ? `/${state}` : ''}`;
    return { authUrl: connector.authorizationUrl({ callbackUrl, state }) };
  }

  return {
    cache,
    /** What each merchant owns (the routes' one accessor), sharing the recent shops above. */
    owned: createOwned(db, cache),
    /** The shop's page's three steps. */
    onboarding: (shop: ShopRow) => shopOnboarding(db, shop),

    /** What the website widget shows before the visitor writes (public): null for no website shop. */
    async websiteStatus(id: string): Promise<{ name: string; replies: 'bot' | 'team' } | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ name: shops.name, botOn: shops.defaultBotStatus })
        .from(shops)
        .where(and(eq(shops.id, id), eq(shops.provider, 'website')));
      return row ? { name: row.name, replies: row.botOn ? 'bot' : 'team' } : null;
    },

    async list(merchantId: string): Promise<Shop[]> {
      const rows = await db
        .select()
        .from(shops)
        .where(eq(shops.merchantId, merchantId))
        .orderBy(asc(shops.createdAt));
      return rows.map(toShop);
    },

    /** The registered platforms' ids, and whether their shops connect (the routes' list). */
    platforms: platforms.all.map((p) => ({ provider: p.provider, connector: p.connector })),

    async create(merchantId: string, provider: PlatformId, body: ShopCreateBody) {
      if (connects(provider)) connectorOf(provider);
      const parsedRedirect = body.redirect ? safeRedirect(body.redirect, publicUrl) : undefined;
      const [row] = await db
        .insert(shops)
        .values({
          merchantId,
          provider: provider,
          name: body.name,
          personName: body.person_name,
          personEmail: body.person_email,
          personPhone: body.person_phone,
          status: connects(provider) ? 'pending' : 'active',
          config: defaultShopConfig,
        })
        .returning();
      if (!row) throw new AppError('internal', 'Could not create the shop');
      const { authUrl } = await startAuthorization(row, parsedRedirect);
      return { id: row.id, authUrl };
    },

    /** A new authorization for a shop whose tokens could not be refreshed (or never completed). */
    async reconnect(row: ShopRow) {
      return startAuthorization(row, connectedUrl);
    },

    /** Where the browser goes when an authorization did not connect the shop. */
    failedAuthorizationUrl(reason: ConnectFailure): string {
      return `${connectedUrl}?error=${reason}`;
    },

    /**
     * The platform redirected the merchant back with a code: exchange it, store the tokens encrypted,
     * and answer where to send the browser. Identified by the single-use OAuth state, not a session.
     */
    async completeAuthorization(
      provider: PlatformId,
      state: string,
      query: Record<string, string | undefined>,
    ): Promise<{ redirect: string; shop: ShopRow }> {
      const [row] = await db
        .select()
        .from(shops)
        .where(and(eq(shops.oauthStateHash, sha256(state)), eq(shops.provider, provider)));
      if (!row) throw new AppError('unprocessable', 'This authorization link is invalid or was already used');
      const connected = await connectorOf(provider).completeAuthorization(query);
      const [taken] = await db
        .select({ id: shops.id })
        .from(shops)
        .where(
          and(eq(shops.provider, provider), eq(shops.externalId, connected.externalId), ne(shops.id, row.id)),
        );
      if (taken) throw new AppError('conflict', 'This shop is already connected to Balas');
      const [updated] = await db
        .update(shops)
        .set({
          externalId: connected.externalId,
          region: connected.region,
          status: 'active',
          oauthStateHash: null,
          lastError: null,
          updatedAt: new Date(),
          ...tokenColumns(connected),
        })
        .where(eq(shops.id, row.id))
        .returning();
      cache.forget(row.id);
      return { redirect: row.oauthRedirect || connectedUrl, shop: updated! };
    },

    async update(row: ShopRow, body: ShopUpdateBody): Promise<Shop> {
      const config: ShopConfig = { ...defaultShopConfig, ...row.config };
      if (body.vouchersEnabled !== undefined) config.vouchersEnabled = body.vouchersEnabled;
      if (body.pauseBotOnManualReply !== undefined) config.pauseBotOnManualReply = body.pauseBotOnManualReply;
      if (body.handoverMessage !== undefined) config.handoverMessage = body.handoverMessage;
      const { updated, turnedOn } = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ botOn: shops.defaultBotStatus })
          .from(shops)
          .where(eq(shops.id, row.id))
          .for('update');
        const [after] = await tx
          .update(shops)
          .set({
            ...(body.defaultBotStatus !== undefined ? { defaultBotStatus: body.defaultBotStatus } : {}),
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.person_name !== undefined ? { personName: body.person_name } : {}),
            ...(body.person_email !== undefined ? { personEmail: body.person_email } : {}),
            ...(body.person_phone !== undefined ? { personPhone: body.person_phone } : {}),
            config,
            updatedAt: new Date(),
          })
          .where(eq(shops.id, row.id))
          .returning();
        if (!after || before?.botOn === after.defaultBotStatus) return { updated: after, turnedOn: false };
        // Turned on: shoppers who wrote while it was off and still wait are answered (decision 0013),
        // in a pass that survives a crash; turned off: no pass is owed.
        const [marked] = await tx
          .update(shops)
          .set({ waitingPassAt: after.defaultBotStatus ? new Date() : null })
          .where(eq(shops.id, row.id))
          .returning();
        if (after.defaultBotStatus) {
          await publish(tx, [{ kind: SHOP_BOT_ENABLED, key: row.id, payload: { shopId: row.id } }], {
            rearm: true,
          });
        }
        return { updated: marked, turnedOn: after.defaultBotStatus };
      });
      cache.forget(row.id);
      if (!updated) throw notFound('Shop not found');
      if (turnedOn) await deps.outbox.nudge();
      return toShop(updated);
    },

    /** Deletes the shop and, by cascade, everything under it; then its files on disk. */
    async remove(row: ShopRow): Promise<void> {
      const files = await db
        .select({ key: knowledgeFiles.storageKey })
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.shopId, row.id));
      await db.delete(shops).where(eq(shops.id, row.id));
      cache.forget(row.id);
      await Promise.all(files.map((f) => ctx.storage.remove(f.key).catch(() => {})));
    },

    /** Decrypted tokens of an active shop, refreshed first when they are about to expire. */
    async accessToken(row: ShopRow): Promise<{ accessToken: string; externalId: string }> {
      if (!connects(row.provider) || !row.externalId || !row.accessTokenEnc) {
        throw new AppError('unprocessable', 'This shop is not connected to a marketplace');
      }
      if (row.status === 'reconnect')
        throw new AppError('unprocessable', 'This shop needs to be reconnected');
      const fresh =
        row.tokenExpiresAt && row.tokenExpiresAt.getTime() - Date.now() < 5 * 60 * 1000
          ? await this.refresh(row)
          : row;
      return { accessToken: ctx.secrets.decrypt(fresh.accessTokenEnc!), externalId: fresh.externalId! };
    },

    /** Refreshes one shop's tokens; a platform refusal marks the shop 'reconnect'. */
    async refresh(row: ShopRow): Promise<ShopRow> {
      if (!connects(row.provider) || !row.refreshTokenEnc || !row.externalId) return row;
      try {
        const tokens = await connectorOf(row.provider).refresh({
          refreshToken: ctx.secrets.decrypt(row.refreshTokenEnc),
          externalId: row.externalId,
        });
        const [updated] = await db
          .update(shops)
          .set({ ...tokenColumns(tokens), status: 'active', lastError: null, updatedAt: new Date() })
          .where(eq(shops.id, row.id))
          .returning();
        cache.forget(row.id);
        return updated ?? row;
      } catch (error) {
        if (connectorOf(row.provider).needsReauthorization(error)) {
          const [updated] = await db
            .update(shops)
            .set({ status: 'reconnect', lastError: String((error as Error).message), updatedAt: new Date() })
            .where(eq(shops.id, row.id))
            .returning();
          cache.forget(row.id);
          ctx.log.warn({ shopId: row.id, err: error }, 'shop must be reconnected');
          return updated ?? row;
        }
        throw error;
      }
    },

    /** Shops whose access token expires within `marginMs` (the scheduled refresh job). */
    async dueForRefresh(marginMs: number): Promise<ShopRow[]> {
      return db
        .select()
        .from(shops)
        .where(
          and(
            eq(shops.status, 'active'),
            isNotNull(shops.refreshTokenEnc),
            lt(shops.tokenExpiresAt, new Date(Date.now() + marginMs)),
          ),
        );
    },
  };
}

export type ShopsService = ReturnType<typeof createShopsService>;

/** Only our own origin may be a post-authorization redirect (no open redirect). */
function safeRedirect(redirect: string, publicUrl: string): string | undefined {
  try {
    const target = new URL(redirect, publicUrl);
    return target.origin === new URL(publicUrl).origin ? target.toString() : undefined;
  } catch {
    return undefined;
  }
}
