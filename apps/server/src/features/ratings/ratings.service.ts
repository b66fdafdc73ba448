import { addDays, type ChatRating, type RatingBody, type RatingFigures, ratingWords } from '@balas/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationRatings, conversations, type ShopRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { InsightShop, Period } from '../insights/insights.service.ts';
import { rowsOf } from '../insights/sql-rows.ts';

const emptyCounts = () => [0, 0, 0, 0, 0];

/** Shoppers' ratings of resolved chats (issue 28.6): stored once per resolution, read per chat and in Insights. */
export function createRatings(db: Db) {
  /** The widget's view: ask once the chat is resolved, until this resolution is rated. */
  async function widgetState(shopId: string, sessionId: string) {
    const [row] = await db
      .select({ resolvedAt: conversations.resolvedAt, stars: conversationRatings.stars })
      .from(conversations)
      .leftJoin(
        conversationRatings,
        and(
          eq(conversationRatings.conversationId, conversations.id),
          eq(conversationRatings.resolvedAt, conversations.resolvedAt),
        ),
      )
      .where(and(eq(conversations.shopId, shopId), eq(conversations.externalId, sessionId)));
    if (!row?.resolvedAt) return { ask: false, stars: null };
    return { ask: row.stars === null, stars: row.stars };
  }

  /**
   * Stores the visitor's rating of the chat's current resolution. Who answered is the shop's last
   * reply before it was resolved: a person of the shop, or the bot.
   */
  async function rate(shop: ShopRow, body: RatingBody & { comment?: string }) {
    return db.transaction(async (tx) => {
      const [conversation] = await tx
        .select({ id: conversations.id, resolvedAt: conversations.resolvedAt })
        .from(conversations)
        .where(and(eq(conversations.shopId, shop.id), eq(conversations.externalId, body.sessionId)))
        .for('no key update');
      if (!conversation?.resolvedAt)
        throw new AppError('unprocessable', ratingWords.notResolved, { sessionId: ratingWords.notResolved });
      const [last] = await rowsOf<{ sender: 'bot' | 'agent' }>(
        tx,
        sql`select m.sender from messages m
             where m.conversation_id = ${conversation.id} and m.sender in ('bot', 'agent')
               and m.status <> 'failed' and m.sent_at <= ${conversation.resolvedAt.toISOString()}::timestamptz
             order by m.sent_at desc, m.id desc limit 1`,
      );
      const [stored] = await tx
        .insert(conversationRatings)
        .values({
          shopId: shop.id,
          conversationId: conversation.id,
          resolvedAt: conversation.resolvedAt,
          stars: body.stars,
          comment: body.comment ?? '',
          // Resolved with no reply at all: the team closed it.
          answeredBy: last?.sender ?? 'agent',
        })
        .onConflictDoNothing()
        .returning();
      if (!stored) throw new AppError('conflict', ratingWords.alreadyRated);
      return { ask: false, stars: stored.stars };
    });
  }

  /** A chat's ratings, newest first (one per resolution). */
  async function ofConversation(conversationId: string): Promise<ChatRating[]> {
    const rows = await db
      .select()
      .from(conversationRatings)
      .where(eq(conversationRatings.conversationId, conversationId))
      .orderBy(desc(conversationRatings.createdAt))
      .limit(20);
    return rows.map((r) => ({
      stars: r.stars,
      comment: r.comment,
      answeredBy: r.answeredBy,
      at: r.createdAt.toISOString(),
    }));
  }

  /** The period's ratings from the day rollups (decision 0010): distribution per who answered, and a daily trend. */
  async function figures(list: InsightShop[], period: Period): Promise<RatingFigures> {
    const bot = emptyCounts();
    const agent = emptyCounts();
    const byDay = new Map<string, number[]>();
    if (list.length > 0) {
      const rows = await rowsOf<{ day: string; ratings_bot: number[]; ratings_agent: number[] }>(
        db,
        sql`select d.day::text as day, d.ratings_bot, d.ratings_agent
              from unnest(${sql.param(list.map((s) => s.id))}::uuid[]) as s(shop_id)
              join insight_days d on d.shop_id = s.shop_id
               and d.day >= ${period.from}::date and d.day <= ${period.to}::date`,
      );
      for (const r of rows) {
        const day = byDay.get(r.day) ?? emptyCounts();
        for (let i = 0; i < 5; i++) {
          const b = Number(r.ratings_bot[i] ?? 0);
          const a = Number(r.ratings_agent[i] ?? 0);
          bot[i]! += b;
          agent[i]! += a;
          day[i]! += a + b;
        }
        byDay.set(r.day, day);
      }
    }
    const days = Array.from({ length: period.days }, (_, i) => {
      const day = addDays(period.from, i);
      const counts = byDay.get(day) ?? emptyCounts();
      const count = counts.reduce((n, c) => n + c, 0);
      const average = count === 0 ? null : counts.reduce((s, c, k) => s + c * (k + 1), 0) / count;
      return { day, count, average };
    });
    return { bot, agent, days };
  }

  return { widgetState, rate, ofConversation, figures };
}

export type Ratings = ReturnType<typeof createRatings>;
