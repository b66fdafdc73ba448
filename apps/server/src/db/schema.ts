import type { StoredAnalysis } from '@balas/bot';
import type { BusinessHours, HandoverSummary, MessageContent } from '@balas/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from './uuid7.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---- accounts ------------------------------------------------------------------------------
export const merchants = pgTable('merchants', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  phone: text('phone').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_merchant_idx').on(t.merchantId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_merchant_idx').on(t.merchantId)],
);

export const outboxEmails = pgTable('outbox_emails', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});

// ---- shops ---------------------------------------------------------------------------------
export interface ShopConfig {
  vouchersEnabled: boolean;
  pauseBotOnManualReply: boolean;
  handoverMessage: string;
  /** Draft mode (issue 28.3, decision 0024): absent is 'off'. */
  draftMode?: 'off' | 'always' | 'unsure';
  /** With 'unsure': a reply whose confidence is below this is drafted, the rest sent. */
  draftBelow?: number;
}

export const shops = pgTable(
  'shops',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // A registered platform's id (platforms/definitions.ts); text, so a platform needs no migration.
    provider: text('provider').notNull(),
    /** The platform's shop id (Shopee shop_id, Lazada seller id); null until authorized. */
    externalId: text('external_id'),
    name: text('name').notNull(),
    personName: text('person_name').notNull(),
    personEmail: text('person_email').notNull(),
    personPhone: text('person_phone').notNull(),
    defaultBotStatus: boolean('default_bot_status').notNull().default(false),
    status: text('status', { enum: ['pending', 'active', 'reconnect'] })
      .notNull()
      .default('pending'),
    config: jsonb('config').$type<ShopConfig>().notNull(),
    /** sha256 of the OAuth state handed to the platform. */
    oauthStateHash: text('oauth_state_hash').unique(),
    oauthRedirect: text('oauth_redirect'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    region: text('region'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Bumped whenever topics, files or product info change: the bot rebuilds its index on a new value. */
    trainingVersion: integer('training_version').notNull().default(0),
    lastError: text('last_error'),
    /**
     * The inbox countdown's chat response window in hours; null follows the platform's published
     * rule (contracts response-time.ts, docs/response-windows.md).
     */
    responseWindowHours: integer('response_window_hours'),
    /** Weekly hours, time zone and holidays (contracts business-hours.ts); null: never set, always open. */
    businessHours: jsonb('business_hours').$type<BusinessHours>(),
    /**
     * Set when the bot's switch is turned on, cleared when every shopper then waiting has an answer
     * due (inbox.answerWaiting): a pass a crash cut short is run again by the answers' sweep.
     */
    waitingPassAt: timestamp('waiting_pass_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shops_merchant_idx').on(t.merchantId, t.createdAt),
    index('shops_waiting_pass_idx').on(t.waitingPassAt).where(sql`waiting_pass_at is not null`),
    uniqueIndex('shops_provider_external_uq').on(t.provider, t.externalId),
  ],
);

/** A shop as stored: what shop-scoped routes and services receive. */
export type ShopRow = typeof shops.$inferSelect;

// ---- inbox ---------------------------------------------------------------------------------
export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Shopee conversation_id / Lazada session_id / website session id: a string, never a JS number. */
    externalId: text('external_id').notNull(),
    customerId: text('customer_id').notNull().default(''),
    customerName: text('customer_name').notNull().default(''),
    latestText: text('latest_text').notNull().default(''),
    latestAt: timestamp('latest_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageExternalId: text('last_message_external_id'),
    hasNew: boolean('has_new').notNull().default(false),
    unreadCount: integer('unread_count').notNull().default(0),
    /** null = never set ('Not live'), true 'Enabled', false 'Disabled'. */
    botEnabled: boolean('bot_enabled'),
    handedOver: boolean('handed_over').notNull().default(false),
    /** The handover's merchant words (may name the order asked about). */
    handoverReason: text('handover_reason'),
    /** The handover's reason code (contracts `serverMessages.handover`). */
    handoverCode: text('handover_code'),
    /** Who wrote the latest message; null before the first. */
    lastFrom: text('last_from', { enum: ['customer', 'agent', 'bot'] }),
    /** The first shopper message the shop has not answered yet (bot or person); null when answered. */
    awaitingSince: timestamp('awaiting_since', { withTimezone: true }),
    /** The platform's response deadline for `awaitingSince` (marketplaces only). */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }),
    /** Resolved by the merchant; a new shopper message clears it. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Snoozed until then; a new shopper message clears it, and it ends by itself once passed. */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    /**
     * When a snooze ended (its time, or the shopper's message that ended it): the chat is in "Needs
     * you" until someone writes after it (views/inbox-state.ts). Cleared by resolve, snooze, reopen
     * and hand back.
     */
    wokeAt: timestamp('woke_at', { withTimezone: true }),
    /**
     * The bot owes a decision on a shopper message of this conversation (an `answers_due` row is
     * there): set with the row, cleared with the last of them. A shopper who wrote last with nothing
     * due is shown in "Needs you" whatever the switch says (decision 0013).
     */
    answerDue: boolean('answer_due').notNull().default(false),
    /**
     * A draft of the bot waits for a person's approval (drafts/): until this moment the chat is in
     * "Drafts", after it (its response window running low) in "Needs you". Null: no draft waits.
     */
    draftUntil: timestamp('draft_until', { withTimezone: true }),
    /** What the person taking over reads first (issue 28.5; `HandoverSummary` of contracts). */
    handoverSummary: jsonb('handover_summary').$type<HandoverSummary>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_shop_external_uq').on(t.shopId, t.externalId),
    index('conversations_shop_latest_idx').on(
      t.shopId,
      t.latestAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The inbox's views (views.service.ts): each scans its shops' own rows in page order. Needs
    // you: soonest reply deadline first; the predicates are those the views' queries imply.
    // The trailing columns are what the counts filter on: they count from the index alone.
    index('conversations_needs_you_idx')
      .on(
        t.shopId,
        t.replyDueAt.asc().nullsLast(),
        t.latestAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.handedOver,
        t.lastFrom,
        t.botEnabled,
        t.answerDue,
        t.snoozedUntil,
        t.wokeAt,
        t.draftUntil,
      )
      .where(
        sql`resolved_at is null and (handed_over or last_from = 'customer' or woke_at is not null or snoozed_until is not null)`,
      ),
    // Waiting on the shopper: the shop wrote last.
    index('conversations_waiting_idx')
      .on(
        t.shopId,
        t.latestAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
        t.handedOver,
        t.lastFrom,
        t.botEnabled,
        t.answerDue,
        t.snoozedUntil,
        t.wokeAt,
        t.draftUntil,
      )
      .where(sql`resolved_at is null and last_from is distinct from 'customer'`),
    // Drafts waiting for approval (drafts/), and per shop those whose window runs low, for the counts.
    index('conversations_drafts_idx')
      .on(t.shopId, t.latestAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.snoozedUntil)
      .where(sql`resolved_at is null and draft_until is not null`),
    index('conversations_shop_draft_idx').on(t.shopId, t.draftUntil).where(sql`draft_until is not null`),
    // Snoozed: the soonest to wake first.
    index('conversations_snoozed_view_idx')
      .on(t.shopId, t.snoozedUntil, t.latestAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`resolved_at is null and snoozed_until is not null`),
    index('conversations_unread_idx')
      .on(t.shopId, t.latestAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.snoozedUntil)
      .where(sql`resolved_at is null and unread_count > 0`),
    index('conversations_resolved_idx')
      .on(t.shopId, t.latestAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`resolved_at is not null`),
    // Conversations switched on in a shop whose switch is off: the bot view of such a shop.
    index('conversations_bot_override_idx')
      .on(t.shopId, t.latestAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`bot_enabled`),
    // Snoozes whose time has come, for the job that wakes them, and per shop for the counts.
    index('conversations_snoozed_idx').on(t.snoozedUntil).where(sql`snoozed_until is not null`),
    index('conversations_shop_snoozed_idx')
      .on(t.shopId, t.snoozedUntil)
      .where(sql`snoozed_until is not null`),
    // The inbox's search by shopper name (substring, any script).
    index('conversations_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    // Time-ordered: messages stamped in the same second keep the order they arrived in.
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    sender: text('sender', { enum: ['customer', 'agent', 'bot'] }).notNull(),
    type: text('type').notNull().default('text'),
    /** Canonical (decision 0020): the same shape whatever the platform. */
    content: jsonb('content').$type<MessageContent>().notNull(),
    /** The platform's own content as it came or went, for audit; null for the website's own messages. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    text: text('text').notNull().default(''),
    /** For bot replies: the customer message answered. Unique, so a message is answered at most once. */
    replyTo: uuid('reply_to'),
    status: text('status', { enum: ['sent', 'pending', 'failed'] })
      .notNull()
      .default('sent'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_shop_external_uq').on(t.shopId, t.externalId),
    uniqueIndex('messages_reply_to_uq').on(t.replyTo),
    index('messages_conversation_sent_idx').on(
      t.conversationId,
      t.sentAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A reply stored 'pending' has its 'reply.stored' outbox event while it is (a trigger, 0026).
    // The inbox's search by message text (substring, any script).
    index('messages_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** A merchant's saved replies, inserted with `/shortcut` in any shop's chat. */
export const savedReplies = pgTable(
  'saved_replies',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_replies_merchant_shortcut_uq').on(t.merchantId, t.shortcut)],
);

/** What happened to a conversation's state, and who did it: handovers, resolutions, bot switches. */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['handover', 'handed_back', 'resolved', 'reopened', 'snoozed', 'bot_enabled', 'bot_disabled'],
    }).notNull(),
    /** For a handover: the engine's reason code (its merchant words are in contracts). */
    reason: text('reason'),
    actor: text('actor', { enum: ['bot', 'merchant', 'shopper', 'system'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_events_shop_at_idx').on(t.shopId, t.at),
    index('conversation_events_conversation_idx').on(t.conversationId, t.at),
  ],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Why it was given up (its outbox event went to the dead letters). */
    error: text('error'),
  },
  (t) => [index('webhook_events_unprocessed_idx').on(t.receivedAt).where(sql`processed_at is null`)],
);

/**
 * A shopper message the bot has still to decide on (answer or stay quiet), written in the same
 * transaction as the message with its outbox event (`message.received` or `reply.requested`): a
 * crash between storing it and answering loses nothing, the outbox relays what is left.
 */
export const answersDue = pgTable(
  'answers_due',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The message's conversation: its `answer_due` holds while any of its rows is here. */
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** When the answer was made due, or due again (the bot put back in charge). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a decision on it began: another waits (auto-reply.ts), unless that one died. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [index('answers_due_conversation_idx').on(t.conversationId)],
);

/**
 * A reply the bot drafted instead of sending (draft mode, issue 28.3): it reaches the shopper only
 * when a person approves it (send, or edit and send), in the transaction that stores the message
 * to send; discarded, or replaced by a person's reply or a newer draft, it never does.
 */
export const botDrafts = pgTable(
  'bot_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The shopper message it answers: one draft per message, as one reply per message. */
    replyTo: uuid('reply_to')
      .notNull()
      .unique()
      .references(() => messages.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The engine's confidence in it (0-1). */
    confidence: real('confidence').notNull(),
    /** The handover's reason code when the bot handed over with it. */
    handover: text('handover'),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['sent', 'edited', 'discarded', 'replaced'] }),
    /** The message sent for it (send, edit and send). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('bot_drafts_waiting_idx').on(t.conversationId, t.createdAt).where(sql`handled_at is null`),
    index('bot_drafts_shop_waiting_idx').on(t.shopId, t.createdAt).where(sql`handled_at is null`),
  ],
);
export type BotDraftRow = typeof botDrafts.$inferSelect;

// ---- training ------------------------------------------------------------------------------
export interface TopicVoucher {
  id: string;
  code: string;
  name: string;
}

export const topics = pgTable(
  'topics',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('Shopee'),
    /** The platform voucher the bot offers when it answers from this topic (null: none). */
    voucher: jsonb('voucher').$type<TopicVoucher>(),
    createdAt: createdAt(),
  },
  (t) => [index('topics_shop_idx').on(t.shopId, t.createdAt)],
);

export const topicEntries = pgTable(
  'topic_entries',
  {
    id: id(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['categorization', 'knowledge'] }).notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('topic_entries_topic_idx').on(t.topicId, t.kind, t.position)],
);

export const knowledgeFiles = pgTable(
  'knowledge_files',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    storageKey: text('storage_key').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    progress: integer('progress').notNull().default(0),
    chunkCount: integer('chunk_count').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('knowledge_files_shop_idx').on(t.shopId, t.createdAt)],
);

export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: id(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    index('knowledge_chunks_shop_idx').on(t.shopId),
    index('knowledge_chunks_file_idx').on(t.fileId, t.ordinal),
  ],
);

export interface ProductVariationRow {
  id: string;
  name: string;
  price: number | null;
  stock: number | null;
}

export const products = pgTable(
  'products',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 12, scale: 2 }),
    currency: text('currency'),
    stock: integer('stock'),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Shopee models / Lazada SKUs, each with its own price and stock (null when unknown). */
    variations: jsonb('variations').$type<ProductVariationRow[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_shop_external_uq').on(t.shopId, t.externalId)],
);

export const productInfo = pgTable(
  'product_info',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_info_shop_idx').on(t.shopId)],
);

export const productInfoProducts = pgTable(
  'product_info_products',
  {
    infoId: uuid('info_id')
      .notNull()
      .references(() => productInfo.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.infoId, t.productId] }),
    index('pip_shop_product_idx').on(t.shopId, t.productId),
  ],
);

// ---- bot -----------------------------------------------------------------------------------
export const botAnswers = pgTable(
  'bot_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    conversation: text('conversation').notNull(),
    message: text('message').notNull(),
    response: text('response').notNull(),
    confidence: real('confidence').notNull().default(0),
    language: text('language'),
    sources: jsonb('sources').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    handover: text('handover'),
    /** The product card the question carried (simulator follow-ups resolve against it). */
    productId: text('product_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bot_answers_shop_idx').on(t.shopId, t.id),
    // Knowledge gaps: the shop's handed-over questions of a period, newest first.
    index('bot_answers_handover_idx').on(t.shopId, t.createdAt).where(sql`${t.handover} is not null`),
  ],
);

export const vouchersSent = pgTable(
  'vouchers_sent',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    username: text('username').notNull().default(''),
    orderId: text('order_id'),
    items: jsonb('items').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    voucherCode: text('voucher_code'),
    response: text('response').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vouchers_sent_shop_sent_idx').on(t.shopId, t.sentAt, t.id),
    // The log's search, `ILIKE '%term%'` on either column (pg_trgm).
    index('vouchers_sent_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('vouchers_sent_order_trgm_idx').using('gin', t.orderId.op('gin_trgm_ops')),
    // "Has this conversation already received this voucher?" on every offer.
    index('vouchers_sent_conversation_idx').on(t.conversationId),
  ],
);

/**
 * Entries per shop in `vouchers_sent`, kept exact by a trigger on it (migration 0002): the log's
 * unfiltered total without counting every entry on every page.
 */
export const voucherTotals = pgTable('voucher_totals', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});

// ---- jobs ----------------------------------------------------------------------------------
/**
 * The embedded job queue (no REDIS_URL): jobs live in the database, so a crash or a restart loses
 * none. A job being run holds a lease; one whose process died is taken up again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** name + the caller's job id: a job with the same key is queued once while it is unfinished. */
    key: text('key'),
    state: text('state', { enum: ['waiting', 'running'] })
      .notNull()
      .default('waiting'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('jobs_key_uq').on(t.key), index('jobs_due_idx').on(t.state, t.runAt)],
);

/** Jobs that failed for good, in either queue: kept for the operator instead of blocking anything. */
/**
 * The transactional outbox (decision 0027): a domain event written in the transaction that makes it
 * true, moved to the queue by one relay (platform/outbox.ts) after the commit. Deduplicated by
 * (kind, key); a subscriber removes it (or the relay once its job succeeded); a row relayed longer
 * than the outbox's LOST_AFTER ago is relayed again, and past its attempts is dead (`dead_at`, also
 * kept in `dead_jobs`).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not relayed before (a caller that answers itself leaves the relay a delay). */
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the relay last queued its job; null while it waits to be relayed. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('outbox_kind_key_uq').on(t.kind, t.key),
    index('outbox_unclaimed_idx').on(t.nextAt).where(sql`claimed_at is null and dead_at is null`),
    index('outbox_claimed_idx').on(t.claimedAt).where(sql`claimed_at is not null and dead_at is null`),
  ],
);

export const deadJobs = pgTable(
  'dead_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull(),
    error: text('error').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dead_jobs_failed_idx').on(t.failedAt)],
);

// ---- lookups -------------------------------------------------------------------------------
/**
 * Platform answers (orders, products, a shop's recent orders) kept a few minutes, shared by every
 * process: opening a chat full of cards does not call the platform again for each card.
 */
export const lookupCache = pgTable(
  'lookup_cache',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** e.g. order:270112ABCD1234, product:2300100101, recent-orders. */
    key: text('key').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.key] }), index('lookup_cache_expires_idx').on(t.expiresAt)],
);

/**
 * The inbox's counts per shop (views.service.ts), kept by statement triggers on conversations
 * (migrations 0012, 0017): each statement that changes what a shop's conversations count for adds one row
 * of differences, so writers never wait on each other; the inbox.compact-tallies job folds a shop's
 * rows into one. Conversations snoozed (even past their time) are not counted here: the counts add
 * those whose snooze has passed but which the wake job has not cleared yet.
 */
export const inboxTallies = pgTable(
  'inbox_tallies',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Each view's count (views/inbox-state.ts); `On`/`Off`: counted as the shop's switch is. */
    needsYouOn: integer('needs_you_on').notNull(),
    needsYouOff: integer('needs_you_off').notNull(),
    waiting: integer('waiting').notNull(),
    /** Snoozed, counted as if no snooze had passed: the counts add the passed ones live. */
    snoozed: integer('snoozed').notNull(),
    botOn: integer('bot_on').notNull(),
    botOff: integer('bot_off').notNull(),
    unread: integer('unread').notNull(),
    resolved: integer('resolved').notNull(),
    all: integer('all').notNull(),
  },
  (t) => [index('inbox_tallies_shop_idx').on(t.shopId)],
);

// ---- insights (decision 0010) ----------------------------------------------------------------
// Rollups the Insights page reads instead of the messages themselves. insight_hours and
// insight_sources are kept exact by statement triggers on messages and bot_answers; the triggers
// also queue each touched conversation in insight_dirty, and the insights.refresh job recomputes
// that conversation's chats into insight_chats (migration 0005).

/** One chat: a conversation from a shopper message after 24 h without one until the next such message. */
export const insightChats = pgTable(
  'insight_chats',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The chat's first shopper message. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastShopperAt: timestamp('last_shopper_at', { withTimezone: true }).notNull(),
    shopperMessages: integer('shopper_messages').notNull(),
    botReplies: integer('bot_replies').notNull(),
    agentReplies: integer('agent_replies').notNull(),
    firstBotAt: timestamp('first_bot_at', { withTimezone: true }),
    firstAgentAt: timestamp('first_agent_at', { withTimezone: true }),
    /** When the bot first owed the shopper a reply (on for the chat with a shopper waiting). */
    botOwedAt: timestamp('bot_owed_at', { withTimezone: true }),
    /** The bot's first reply after that: its first response time is the span between the two. */
    botAnsweredAt: timestamp('bot_answered_at', { withTimezone: true }),
    handedOver: boolean('handed_over').notNull(),
    handoverReason: text('handover_reason'),
    /** The bot replied, no person wrote, nothing was handed over, the shopper's last message had a bot reply. */
    botResolved: boolean('bot_resolved').notNull(),
    /** The platform's reply deadline for this chat; null for website shops. */
    responseDeadline: timestamp('response_deadline', { withTimezone: true }),
    /** The first person reply's time counted in the shop's business hours (null: none, or counted before). */
    humanOpenMs: integer('human_open_ms'),
  },
  (t) => [
    index('insight_chats_shop_started_idx').on(t.shopId, t.startedAt),
    index('insight_chats_conversation_idx').on(t.conversationId, t.startedAt),
  ],
);

/** Shopper messages per shop and UTC hour. */
export const insightHours = pgTable(
  'insight_hours',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    shopperMessages: integer('shopper_messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.hour] })],
);

/** Bot answers to shoppers per shop, UTC hour and source (a topic or a file) they came from. */
export const insightSources = pgTable(
  'insight_sources',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    answers: integer('answers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.hour, t.kind, t.name] })],
);

/**
 * Each change of a shop's bot switch (written by a trigger on shops), so that the bot's first
 * response counts from when it was on for a chat (issue 26).
 */
export const shopBotSwitches = pgTable(
  'shop_bot_switches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_bot_switches_shop_at_idx').on(t.shopId, t.at)],
);

/** Conversations whose chats must be recomputed from `since` on; `version` grows with every mark. */
export const insightDirty = pgTable('insight_dirty', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  shopId: uuid('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull(),
  version: integer('version').notNull().default(0),
});

/** Knowledge-gap questions the merchant dismissed or answered with a knowledge entry. */
export const knowledgeGapMarks = pgTable(
  'knowledge_gap_marks',
  {
    answerId: bigint('answer_id', { mode: 'number' })
      .primaryKey()
      .references(() => botAnswers.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['dismissed', 'answered'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_gap_marks_shop_idx').on(t.shopId)],
);

/**
 * Each shop's figures per calendar day in its time zone, recomputed by insights.refresh from the
 * chats started that day and the hourly counts: what the page reads. Times are milliseconds.
 */
export const insightDays = pgTable(
  'insight_days',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    chats: integer('chats').notNull().default(0),
    /** Chats whose facts make them bot-resolved; they count once closed. */
    botResolved: integer('bot_resolved').notNull().default(0),
    handedOver: integer('handed_over').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    /**
     * First bot and first person reply times of the day's chats: their count, median and p90, and
     * the times rounded to 3 significant digits (at least 10 ms) with how many chats had each, sorted:
     * a period's median and p90 are computed from these.
     */
    botN: integer('bot_n').notNull().default(0),
    botP50: real('bot_p50'),
    botP90: real('bot_p90'),
    botValues: integer('bot_values').array().notNull().default(sql`'{}'`),
    botCounts: integer('bot_counts').array().notNull().default(sql`'{}'`),
    humanN: integer('human_n').notNull().default(0),
    humanP50: real('human_p50'),
    humanP90: real('human_p90'),
    humanValues: integer('human_values').array().notNull().default(sql`'{}'`),
    humanCounts: integer('human_counts').array().notNull().default(sql`'{}'`),
    /** Marketplace chats answered, answered by their deadline, and not answered yet. */
    windowAnswered: integer('window_answered').notNull().default(0),
    windowWithin: integer('window_within').notNull().default(0),
    windowUnanswered: integer('window_unanswered').notNull().default(0),
    /** Until then some chats of the day are open or have a reply deadline ahead: read them live. */
    settledUntil: timestamp('settled_until', { withTimezone: true }),
    shopperMessages: integer('shopper_messages').notNull().default(0),
    /** Shopper messages per local hour 0-23. */
    hourly: integer('hourly').array().notNull().default(sql`'{}'`),
    vouchers: integer('vouchers').notNull().default(0),
    /** Handover reason code -> chats. */
    reasons: jsonb('reasons').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** "topic:<name>" or "file:<name>" -> answers. */
    sources: jsonb('sources').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    /** Shopper ratings given that day: counts of 1..5 stars, for chats the bot or the team answered. */
    ratingsBot: integer('ratings_bot').array().notNull().default(sql`'{0,0,0,0,0}'`),
    ratingsAgent: integer('ratings_agent').array().notNull().default(sql`'{0,0,0,0,0}'`),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);

/** UTC hours whose counts changed (shopper messages, vouchers, answer sources): their days are recomputed. */
export const insightDirtyHours = pgTable(
  'insight_dirty_hours',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    version: integer('version').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.hour] })],
);

/** Bumped whenever one of a shop's days before yesterday changes: readers' copies of them stay valid until then. */
export const insightVersions = pgTable('insight_versions', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
});

// ---- shopper ratings (features/ratings) -------------------------------------------------------

/** A shopper's rating of a resolved chat: one per resolution (the conversation's `resolved_at` then). */
export const conversationRatings = pgTable(
  'conversation_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(uuidv7),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull(),
    stars: integer('stars').notNull(),
    comment: text('comment').notNull().default(''),
    /** Who answered: a person of the shop wrote the last reply before resolving, or the bot did. */
    answeredBy: text('answered_by', { enum: ['bot', 'agent'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_ratings_resolution_uq').on(t.conversationId, t.resolvedAt),
    index('conversation_ratings_shop_created_idx').on(t.shopId, t.createdAt),
  ],
);

// ---- push notifications (features/push) ------------------------------------------------------

/** A browser of the merchant that receives Web Push (its endpoint at the browser's push service). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** One browser belongs to one merchant: signing in as another moves it. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_merchant_idx').on(t.merchantId)],
);

/** The merchant's push choices: quiet hours ("HH:MM", null when none) in their time zone. */
export const pushSettings = pgTable('push_settings', {
  merchantId: uuid('merchant_id')
    .primaryKey()
    .references(() => merchants.id, { onDelete: 'cascade' }),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull(),
});

/** Shops whose "Needs you" chats are pushed (opted in one by one). */
export const pushShops = pgTable('push_shops', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
});

/** The newest shopper message a conversation was pushed for: one push per message, whichever process. */
export const pushNotified = pgTable('push_notified', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  messageAt: timestamp('message_at', { withTimezone: true }).notNull(),
});

// ---- knowledge from the merchant's website (issue 28.4, decision 0022) ---------------------------
/** A page or sitemap of the merchant's website, imported as knowledge files (features/knowledge/website). */
export const websiteSources = pgTable(
  'website_sources',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    kind: text('kind', { enum: ['unknown', 'page', 'sitemap'] })
      .notNull()
      .default('unknown'),
    schedule: text('schedule', { enum: ['manual', 'daily', 'weekly'] })
      .notNull()
      .default('manual'),
    status: text('status', { enum: ['queued', 'importing', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    /** When the running import claimed the source (a claim this old was lost with its process). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastImportAt: timestamp('last_import_at', { withTimezone: true }),
    nextImportAt: timestamp('next_import_at', { withTimezone: true }),
    summary: jsonb('summary').$type<{
      added: number;
      changed: number;
      removed: number;
      unchanged: number;
      failed: number;
      disallowed: number;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('website_sources_shop_url_idx').on(t.shopId, t.url),
    index('website_sources_due_idx').on(t.nextImportAt).where(sql`schedule <> 'manual'`),
  ],
);

/** One page of a website source: its text now and at the import before, and the file holding it. */
export const websitePages = pgTable(
  'website_pages',
  {
    id: id(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => websiteSources.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull().default(''),
    status: text('status', { enum: ['ok', 'failed', 'disallowed', 'removed'] }).notNull(),
    change: text('change', { enum: ['added', 'changed', 'unchanged', 'removed', 'none'] })
      .notNull()
      .default('none'),
    error: text('error'),
    fileId: uuid('file_id').references(() => knowledgeFiles.id, { onDelete: 'set null' }),
    contentHash: text('content_hash'),
    text: text('text').notNull().default(''),
    previousText: text('previous_text'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('website_pages_source_url_idx').on(t.sourceId, t.url)],
);

// ---- test questions and approved answers (issue 28.1, 28.2; decision 0023) -------------------------
/** A question the merchant keeps with what a right answer must say (key facts) or "should hand over". */
export const testQuestions = pgTable(
  'test_questions',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    expect: text('expect', { enum: ['answer', 'handover'] }).notNull(),
    /** Each key fact, as the forms any of which counts ("RM12", "12 ringgit"). */
    facts: jsonb('facts').$type<string[][]>().notNull().default([]),
    origin: text('origin', { enum: ['manual', 'simulator', 'gap', 'reply'] })
      .notNull()
      .default('manual'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_questions_shop_idx').on(t.shopId, t.createdAt)],
);

/** One run of a shop's test questions, by hand or after a training change (one per training version). */
export const testRuns = pgTable(
  'test_runs',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    trainingVersion: integer('training_version').notNull(),
    trigger: text('trigger', { enum: ['manual', 'training'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    total: integer('total').notNull().default(0),
    passed: integer('passed').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('test_runs_shop_idx').on(t.shopId, t.createdAt),
    uniqueIndex('test_runs_training_idx')
      .on(t.shopId, t.trainingVersion)
      .where(sql`${t.trigger} = 'training'`),
  ],
);

/** A question's result in a run, with the reply (so "was right, now wrong" shows both replies). */
export const testResults = pgTable(
  'test_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => testQuestions.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    passed: boolean('passed').notNull(),
    reply: text('reply').notNull(),
    handover: text('handover'),
    confidence: real('confidence').notNull(),
    language: text('language').notNull(),
    /** The key facts the reply did not say. */
    missing: jsonb('missing').$type<string[][]>().notNull().default([]),
    approved: boolean('approved').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.runId, t.questionId] })],
);

/** The merchant's own answer to a question, sent when a shopper asks it (in any language). */
export const approvedAnswers = pgTable(
  'approved_answers',
  {
    id: id(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    questions: jsonb('questions').$type<string[]>().notNull(),
    answers: jsonb('answers').$type<{ en?: string; ms?: string; zh?: string }>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approved_answers_shop_idx').on(t.shopId, t.createdAt)],
);

/** How alike a shopper's question must be to an approved one (0..1), when the merchant changed it. */
export const approvedSettings = pgTable('approved_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  threshold: real('threshold').notNull(),
});

/**
 * A passage's vector under one embedding model, by the hash of the text embedded (decision 0029):
 * computed once and read by every process's index build. Not per shop: the same text has the same
 * vector wherever it is.
 */
export const passageEmbeddings = pgTable(
  'passage_embeddings',
  {
    model: text('model').notNull(),
    hash: text('hash').notNull(),
    vector: real('vector').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.model, t.hash] })],
);

/**
 * A passage's analysis (language, sentences, BM25 terms, speller words) by `analysisKeys`: a hash
 * of the analyser, the shop's product names and the text (decision 0029). A cold index build reads
 * these instead of analysing every passage again.
 */
export const passageAnalyses = pgTable('passage_analyses', {
  hash: text('hash').primaryKey(),
  analysis: jsonb('analysis').$type<StoredAnalysis>().notNull(),
  createdAt: createdAt(),
});

/**
 * A shop's assembled retrieval index for one training version, as `serializeShopIndex` writes it
 * (decision 0032): a process that does not hold the shop revives it from this row instead of
 * reading every row of the shop's training and assembling it. One row a shop, the newest version
 * built; a row of another version or `format` is never revived.
 */
export const shopIndexes = pgTable('shop_indexes', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  trainingVersion: integer('training_version').notNull(),
  format: text('format').notNull(),
  data: text('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
