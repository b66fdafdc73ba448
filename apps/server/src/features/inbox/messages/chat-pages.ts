import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ShopRow } from '../../../db/schema.ts';
import { conversations, messages } from '../../../db/schema.ts';
import { notFound } from '../../../errors.ts';
import { afterCursor, type Cursor, cursorValues, encodeOffset, escapeLike } from '../conversations/cursor.ts';
import type { ConversationRow, ListConversation, PageMessage } from '../inbox.serialize.ts';

/** A message of a page as the page query returns it (times as ISO text). */
type RawPageMessage = [
  id: string,
  externalId: string | null,
  sender: PageMessage['sender'],
  type: string,
  content: PageMessage['content'],
  status: PageMessage['status'],
  error: string | null,
  sentAt: string,
];

/** A shop's conversation list and a conversation's messages, as the spec's chat routes read them. */
export function createChatPages(db: Db) {
  // The inbox reads are the hottest queries: each is built once and prepared (parsed and planned
  // once per connection), one statement per combination of filters.
  const conversationByExternalId = db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.shopId, sql.placeholder('shopId')),
        eq(conversations.externalId, sql.placeholder('externalId')),
      ),
    )
    .prepare('inbox_conversation');
  const conversationPages = new Map<string, ReturnType<typeof prepareConversationPage>>();
  // Only what the list shows: every timestamp column read costs the server a date parse per row.
  const listColumns = {
    id: conversations.id,
    externalId: conversations.externalId,
    customerId: conversations.customerId,
    customerName: conversations.customerName,
    latestText: conversations.latestText,
    latestAt: conversations.latestAt,
    hasNew: conversations.hasNew,
    unreadCount: conversations.unreadCount,
    botEnabled: conversations.botEnabled,
    handedOver: conversations.handedOver,
    handoverReason: conversations.handoverReason,
  } satisfies Record<keyof ListConversation, unknown>;
  function prepareConversationPage(name: string, cursor: boolean, unreadOnly: boolean, search: boolean) {
    return db
      .select(listColumns)
      .from(conversations)
      .where(
        and(
          eq(conversations.shopId, sql.placeholder('shopId')),
          cursor ? afterCursor(conversations.latestAt, conversations.id) : undefined,
          unreadOnly ? eq(conversations.hasNew, true) : undefined,
          search ? ilike(conversations.customerName, sql.placeholder('search')) : undefined,
        ),
      )
      .orderBy(desc(conversations.latestAt), desc(conversations.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  }
  const conversationPage = (cursor: boolean, unreadOnly: boolean, search: boolean) => {
    const name = `inbox_conversations${cursor ? '_after' : ''}${unreadOnly ? '_unread' : ''}${search ? '_search' : ''}`;
    let query = conversationPages.get(name);
    if (!query) {
      query = prepareConversationPage(name, cursor, unreadOnly, search);
      conversationPages.set(name, query);
    }
    return query;
  };
  // A page of messages comes with its conversation in one round trip, the messages as one JSON
  // array: parsing 26 rows column by column cost the server more than the rest of the request.
  // Each message as an array (RawPageMessage): no key names to write and read 26 times over.
  const pageMessage = sql`json_build_array(${messages.id}, ${messages.externalId}, ${messages.sender},
    ${messages.type}, ${messages.content}, ${messages.status}, ${messages.error}, ${messages.sentAt})`;
  // Drizzle names columns without their table in a one-table select: the correlation spells it out.
  const outerConversationId = sql`${sql.identifier('conversations')}.${sql.identifier('id')}`;
  const messagePage = (cursor: boolean) =>
    db
      .select({
        // What a chat page needs of its conversation (a row's times cost the most to read).
        conversation: {
          id: conversations.id,
          externalId: conversations.externalId,
          customerId: conversations.customerId,
          hasNew: conversations.hasNew,
          unreadCount: conversations.unreadCount,
        },
        messages: sql<RawPageMessage[] | string>`coalesce((
          select json_agg(m.message order by m.at desc, m.id desc) from (
            select ${pageMessage} as message, ${messages.sentAt} as at, ${messages.id} as id from ${messages}
            where ${messages.conversationId} = ${outerConversationId}
              ${cursor ? sql`and ${afterCursor(messages.sentAt, messages.id)}` : sql``}
            order by ${messages.sentAt} desc, ${messages.id} desc
            limit ${sql.placeholder('limit')}
          ) m), '[]'::json)`,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.shopId, sql.placeholder('shopId')),
          eq(conversations.externalId, sql.placeholder('externalId')),
        ),
      )
      .prepare(cursor ? 'inbox_messages_after' : 'inbox_messages');
  const messagePages = { first: messagePage(false), after: messagePage(true) };

  async function conversationOf(shop: ShopRow, externalId: string): Promise<ConversationRow> {
    const [row] = await conversationByExternalId.execute({ shopId: shop.id, externalId });
    if (!row) throw notFound('Conversation not found');
    return row;
  }

  return {
    conversationOf,

    async listConversations(
      shop: ShopRow,
      options: { pageSize: number; cursor: Cursor | null; unreadOnly?: boolean; search?: string | undefined },
    ) {
      const { pageSize, cursor, search } = options;
      const rows = await conversationPage(cursor !== null, options.unreadOnly === true, !!search).execute({
        shopId: shop.id,
        limit: pageSize + 1,
        ...cursorValues(cursor),
        ...(search ? { search: `%${escapeLike(search)}%` } : {}),
      });
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        rows: page,
        more: rows.length > pageSize,
        next: last ? { at: last.latestAt, id: last.id } : null,
      };
    },

    /** A conversation of the shop and a page of its messages, newest first from the cursor. */
    async messagePage(
      shop: ShopRow,
      externalId: string,
      options: { pageSize: number; cursor: Cursor | null },
    ) {
      const { pageSize, cursor } = options;
      const [row] = await (cursor ? messagePages.after : messagePages.first).execute({
        shopId: shop.id,
        externalId,
        limit: pageSize + 1,
        ...cursorValues(cursor),
      });
      if (!row) throw notFound('Conversation not found');
      // node-postgres parses json, PGlite may hand it over as text.
      const raw =
        typeof row.messages === 'string' ? (JSON.parse(row.messages) as RawPageMessage[]) : row.messages;
      const page = raw
        .slice(0, pageSize)
        .map(([id, externalId, sender, type, content, status, error, sentAt]) => ({
          id,
          externalId,
          sender,
          type,
          content,
          status,
          error,
          sentAt: new Date(sentAt),
        }));
      const last = page.at(-1);
      return {
        conversation: row.conversation,
        // Oldest first, as a chat shows them.
        rows: page.reverse(),
        next: raw.length > pageSize && last ? encodeOffset({ at: last.sentAt, id: last.id }) : '',
      };
    },
  };
}

export type ChatPages = ReturnType<typeof createChatPages>;
