import { insightsMessages, type KnowledgeGap, limits, type Topic } from '@balas/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { TrainingService } from '../training/training.service.ts';
import type { InsightShop } from './insights.service.ts';
import { groupQuestions } from './question-groups.ts';
import { rowsOf } from './sql-rows.ts';

/** The engine's reason when it handed over because it did not know the answer. */
const LACK_OF_KNOWLEDGE = 'low_confidence';
/** The newest questions per shop that are grouped. */
const QUESTIONS_PER_SHOP = 2000;
const GROUPS_PER_SHOP = 100;
/** Groups listed at once (all shops together), and their questions searched for a shop reply. */
const GROUPS_SHOWN = 100;
const ANSWER_LOOKUPS = 5;
const CACHED_SHOPS = 1000;
const EXAMPLES = 5;
/** A reply of a person of the shop counts as the answer to a question within this time. */
const ANSWER_WITHIN = '24 hours';

interface QuestionRow extends Record<string, unknown> {
  id: number;
  text: string;
  language: string | null;
  at: string;
  conversation_id: string;
  mark: 'dismissed' | 'answered' | null;
}

export function createKnowledgeGaps(db: Db, training: TrainingService) {
  /** The shop's questions the bot handed over for lack of knowledge (shoppers' only, not the simulator's). */
  async function questionsOf(shopId: string, since: string) {
    const rows = await rowsOf<QuestionRow>(
      db,
      sql`
      select a.id::int8 as id, a.message as text, a.language,
             to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
             c.id as conversation_id, k.status as mark
        from bot_answers a
        join conversations c on c.shop_id = a.shop_id and c.external_id = a.conversation
        left join knowledge_gap_marks k on k.answer_id = a.id
       where a.shop_id = ${shopId} and a.handover is not null and a.handover = ${LACK_OF_KNOWLEDGE}
         and a.created_at >= ${since}::timestamptz and btrim(a.message) <> ''
       order by a.created_at desc, a.id desc
       limit ${QUESTIONS_PER_SHOP}`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** For each question, what a person of the shop wrote next in its chat (within a day), if anything. */
  async function shopAnswers(ids: number[]) {
    if (ids.length === 0) return new Map<number, { text: string; at: string }>();
    const rows = await rowsOf<{ id: number; text: string; at: string }>(
      db,
      sql`
      select a.id::int8 as id, m.text, to_char(m.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
        from bot_answers a
        join conversations c on c.shop_id = a.shop_id and c.external_id = a.conversation
        join lateral (
          select m.text, m.sent_at from messages m
           where m.conversation_id = c.id and m.sender = 'agent' and m.status <> 'failed'
             and m.sent_at >= a.created_at and m.sent_at < a.created_at + ${ANSWER_WITHIN}::interval
             and btrim(m.text) <> ''
           order by m.sent_at, m.id limit 1) m on true
       where a.id = any(${sql.param(ids)}::int8[])`,
    );
    return new Map(rows.map((r) => [Number(r.id), { text: r.text, at: r.at }]));
  }

  /** Marks the shop's questions dismissed (or answered); ids of other shops are ignored. */
  async function mark(shopId: string, questionIds: number[], status: 'dismissed' | 'answered') {
    const rows = await rowsOf<{ answer_id: number }>(
      db,
      sql`
      insert into knowledge_gap_marks (answer_id, shop_id, status)
      select a.id, a.shop_id, ${status} from bot_answers a
       where a.id = any(${sql.param(questionIds)}::int8[]) and a.shop_id = ${shopId}
      on conflict (answer_id) do update set status = excluded.status, at = now()
      returning answer_id`,
    );
    if (rows.length === 0) throw notFound('No such questions');
    return rows.length;
  }

  // Grouping a shop's questions is the costly part: its groups are kept while the shop's questions
  // and marks stay the same (a fingerprint read from the database, so every process agrees).
  const cache = new Map<string, { fingerprint: string; groups: Promise<KnowledgeGap[]> }>();

  async function fingerprint(shopId: string, since: string) {
    const [row] = await rowsOf<{ f: string }>(
      db,
      sql`
      select (select count(*) || ':' || coalesce(max(a.id), 0) from bot_answers a
               where a.shop_id = ${shopId} and a.handover is not null and a.handover = ${LACK_OF_KNOWLEDGE}
                 and a.created_at >= ${since}::timestamptz)
             || '|' || (select count(*) || ':' || coalesce(max(k.at)::text, '') from knowledge_gap_marks k
                         where k.shop_id = ${shopId}) as f`,
    );
    return row?.f ?? '';
  }

  async function groupsOf(shop: InsightShop, days: number, now: Date): Promise<KnowledgeGap[]> {
    const since = new Date(now.getTime() - days * 86_400_000).toISOString();
    const key = `${shop.id}|${days}`;
    const print = await fingerprint(shop.id, since);
    const hit = cache.get(key);
    if (hit && hit.fingerprint === print)
      return (await hit.groups).map((g) => ({ ...g, shopName: shop.name }));
    // Calls arriving while the groups are being made wait for the same result.
    const groups = grouped(shop, since);
    if (cache.size >= CACHED_SHOPS) cache.clear();
    cache.set(key, { fingerprint: print, groups });
    groups.catch(() => cache.delete(key));
    return groups;
  }

  async function grouped(shop: InsightShop, since: string): Promise<KnowledgeGap[]> {
    const questions = await questionsOf(shop.id, since);
    return (await groupQuestions(questions))
      .filter((members) => members.some((q) => q.mark === null))
      .slice(0, GROUPS_PER_SHOP)
      .map((members): KnowledgeGap => {
        const newest = members[0]!;
        return {
          id: `${shop.id}:${newest.id}`,
          shopId: shop.id,
          shopName: shop.name,
          count: members.length,
          languages: [...new Set(members.map((q) => q.language).filter((l): l is string => !!l))],
          newestAt: newest.at,
          examples: members.slice(0, EXAMPLES).map((q) => ({
            id: q.id,
            text: q.text,
            language: q.language,
            at: q.at,
            conversationId: q.conversation_id,
          })),
          questionIds: members.map((q) => q.id),
          shopAnswer: null,
        };
      });
  }

  return {
    /** Newest first; a group stays hidden while every question in it is dismissed or answered. */
    async list(list: InsightShop[], days: number, now = new Date()): Promise<KnowledgeGap[]> {
      const gaps = (await Promise.all(list.map((shop) => groupsOf(shop, days, now)))).flat();
      const shown = gaps
        .sort((a, b) => (a.newestAt < b.newestAt ? 1 : a.newestAt > b.newestAt ? -1 : 0))
        .slice(0, GROUPS_SHOWN);
      const answers = await shopAnswers(shown.flatMap((g) => g.questionIds.slice(0, ANSWER_LOOKUPS)));
      return shown.map((gap) => {
        const answered = gap.questionIds.slice(0, ANSWER_LOOKUPS).find((id) => answers.has(id));
        return { ...gap, shopAnswer: answered === undefined ? null : answers.get(answered)! };
      });
    },

    mark,

    /**
     * Turns a gap into training: the question as a categorization entry and the answer as a
     * knowledge entry of an existing topic or a new one, through the training service; then the
     * gap's questions count as answered.
     */
    async addEntry(
      shop: ShopRow,
      body: {
        questionIds: number[];
        topicId?: string | undefined;
        newTopicName?: string | undefined;
        categorization: string;
        knowledge: string;
      },
    ): Promise<Topic> {
      const existing = body.topicId ? await training.getTopic(shop.id, body.topicId) : null;
      const categorization = [
        ...(existing?.GPTInformation.map((e) => e.info) ?? []),
        ...(body.categorization ? [body.categorization] : []),
      ];
      const knowledge = [...(existing?.GPTResponse.map((e) => e.info) ?? []), body.knowledge];
      if (categorization.length > limits.categorization.count)
        throw new AppError('unprocessable', insightsMessages.topicFull(limits.categorization.count), {
          categorization: insightsMessages.topicFull(limits.categorization.count),
        });
      if (knowledge.length > limits.knowledge.count)
        throw new AppError('unprocessable', insightsMessages.topicFull(limits.knowledge.count), {
          knowledge: insightsMessages.topicFull(limits.knowledge.count),
        });
      const owned = await rowsOf<{ n: number }>(
        db,
        sql`
        select count(*)::int as n from bot_answers
         where id = any(${sql.param(body.questionIds)}::int8[]) and shop_id = ${shop.id}`,
      );
      if (Number(owned[0]?.n ?? 0) === 0) throw notFound('No such questions');
      const topic = existing ?? (await training.createTopic(shop.id, { name: body.newTopicName ?? '' }));
      if (body.categorization)
        await training.replaceEntries(shop.id, topic.id, 'categorization', categorization);
      const saved = await training.replaceEntries(shop.id, topic.id, 'knowledge', knowledge);
      await mark(shop.id, body.questionIds, 'answered');
      return saved;
    },
  };
}

export type KnowledgeGaps = ReturnType<typeof createKnowledgeGaps>;
