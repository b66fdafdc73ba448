import { limits, type SavedReply, type SavedReplyBody, messages as words } from '@balas/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { savedReplies } from '../../../db/schema.ts';
import { AppError, notFound } from '../../../errors.ts';
import { isUuid } from '../../shops/shop-guard.ts';
import { escapeLike } from '../conversations/cursor.ts';

type Row = typeof savedReplies.$inferSelect;
const view = (r: Row): SavedReply => ({
  id: r.id,
  shortcut: r.shortcut,
  text: r.text,
  createdAt: r.createdAt.toISOString(),
});
const taken = () =>
  new AppError('conflict', words.inbox.shortcutTaken, { shortcut: words.inbox.shortcutTaken });
/** PostgreSQL's unique violation, as node-postgres and PGlite report it (also wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** A merchant's saved replies, usable in every shop (`/shortcut` in the reply box). */
export function createSavedReplies(db: Db) {
  async function owned(merchantId: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound(words.inbox.savedReplyNotFound);
    const [row] = await db
      .select()
      .from(savedReplies)
      .where(and(eq(savedReplies.id, id), eq(savedReplies.merchantId, merchantId)));
    if (!row) throw notFound(words.inbox.savedReplyNotFound);
    return row;
  }

  return {
    /** Shortcut order; `q` matches the start of a shortcut or any part of the text. */
    async list(merchantId: string, q?: string): Promise<SavedReply[]> {
      const like = q ? escapeLike(q) : '';
      const rows = await db
        .select()
        .from(savedReplies)
        .where(
          and(
            eq(savedReplies.merchantId, merchantId),
            q
              ? or(ilike(savedReplies.shortcut, `${like}%`), ilike(savedReplies.text, `%${like}%`))
              : undefined,
          ),
        )
        .orderBy(asc(savedReplies.shortcut))
        .limit(limits.savedReply.perMerchantMax);
      return rows.map(view);
    },

    async create(merchantId: string, body: SavedReplyBody): Promise<SavedReply> {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(savedReplies)
        .where(eq(savedReplies.merchantId, merchantId));
      if (n >= limits.savedReply.perMerchantMax) {
        throw new AppError('unprocessable', words.validation.tooMany(limits.savedReply.perMerchantMax));
      }
      const [row] = await db
        .insert(savedReplies)
        .values({ merchantId, shortcut: body.shortcut, text: body.text })
        .onConflictDoNothing({ target: [savedReplies.merchantId, savedReplies.shortcut] })
        .returning();
      if (!row) throw taken();
      return view(row);
    },

    async update(
      merchantId: string,
      id: string,
      patch: { shortcut?: string | undefined; text?: string | undefined },
    ) {
      await owned(merchantId, id);
      try {
        const [row] = await db
          .update(savedReplies)
          .set({
            ...(patch.shortcut !== undefined ? { shortcut: patch.shortcut } : {}),
            ...(patch.text !== undefined ? { text: patch.text } : {}),
            updatedAt: new Date(),
          })
          .where(and(eq(savedReplies.id, id), eq(savedReplies.merchantId, merchantId)))
          .returning();
        if (!row) throw notFound(words.inbox.savedReplyNotFound);
        return view(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    async remove(merchantId: string, id: string) {
      await owned(merchantId, id);
      await db
        .delete(savedReplies)
        .where(and(eq(savedReplies.id, id), eq(savedReplies.merchantId, merchantId)));
    },
  };
}

export type SavedReplies = ReturnType<typeof createSavedReplies>;
