import { createOpenAICompatibleBackend } from '@balas/bot';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import type { ShopRow } from './db/schema.ts';
import { createAnsweringService } from './features/answering/answering.service.ts';
import { createAutoReply } from './features/answering/auto-reply.ts';
import { createBotBudget } from './features/answering/bot-budget.ts';
import { createOrderAnswers } from './features/answering/order-answers.ts';
import { createApprovedAnswers } from './features/approved-answers/approved-answers.service.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { createDrafts } from './features/drafts/drafts.service.ts';
import { createHandoverSummaries } from './features/handover/handover-summaries.ts';
import { createChatImages } from './features/inbox/composer/chat-images.ts';
import { createComposer } from './features/inbox/composer/composer.service.ts';
import { createInboxService } from './features/inbox/inbox.service.ts';
import { createPendingReplies } from './features/inbox/replies/pending-replies.ts';
import { createReplyService } from './features/inbox/reply.service.ts';
import { createSavedReplies } from './features/inbox/saved-replies/saved-replies.service.ts';
import { createPlatformRead } from './features/inbox/sync/platform-read.ts';
import { createSyncService } from './features/inbox/sync.service.ts';
import { createInsightsRollup } from './features/insights/insights.rollup.ts';
import { createInsightsService } from './features/insights/insights.service.ts';
import { createKnowledgeGaps } from './features/insights/knowledge-gaps.service.ts';
import { createKnowledgeService } from './features/knowledge/knowledge.service.ts';
import { createWebsiteImport } from './features/knowledge/website/website.service.ts';
import { createOrdersService } from './features/orders/orders.service.ts';
import { createCatalogueSync } from './features/products/catalogue-sync.ts';
import { createProductsService } from './features/products/products.service.ts';
import { createPushService } from './features/push/push.service.ts';
import { createRatings } from './features/ratings/ratings.service.ts';
import { createShopsService } from './features/shops/shops.service.ts';
import { createTestQuestions } from './features/test-questions/test-questions.service.ts';
import { createShopCopy } from './features/training/shop-copy.service.ts';
import { createTrainingService } from './features/training/training.service.ts';
import { createVoucherOffers } from './features/vouchers/voucher-offers.ts';
import { createVouchersService } from './features/vouchers/vouchers.service.ts';
import { createInjectFetch } from './http/inject-fetch.ts';
import { createOutbox } from './platform/outbox.ts';
import type { PlatformDefinition } from './platforms/platform.ts';
import { createPlatforms } from './platforms/registry.ts';

/** Every feature service and job, built once from the context; shared by routes and workers. */
export function createServices(
  ctx: AppContext,
  getApp: () => FastifyInstance | undefined = () => undefined,
  options: {
    /** Platforms registered beside the shipped ones (a test's own platform). */
    platforms?: readonly PlatformDefinition[] | undefined;
  } = {},
) {
  // The mounted sandbox is served in-process; live platforms over the network.
  const fetchImpl = ctx.config.sandbox ? createInjectFetch(getApp, ctx.config.publicUrl) : fetch;
  const platforms = createPlatforms({
    config: ctx.config,
    sandbox: ctx.sandboxCredentials,
    fetch: fetchImpl,
    // Called only once a request runs, when `shops` exists.
    access: (shop) => shops.accessToken(shop),
    extra: options.platforms,
  });
  const { clients } = platforms;
  // Domain events written with their change, relayed to their subscribers' jobs (decision 0027).
  const outbox = createOutbox(ctx);
  const auth = createAuthService(ctx);
  const shops = createShopsService(ctx, platforms, { outbox });
  const training = createTrainingService(ctx.database.db);
  const knowledge = createKnowledgeService(ctx, { outbox });
  const website = createWebsiteImport(ctx, { knowledge });
  const shopCopy = createShopCopy(ctx, { training, knowledge, outbox });
  const products = createProductsService(ctx.database.db);
  const inbox = createInboxService(ctx, { outbox });
  const vouchers = createVouchersService(ctx.database.db);
  const answering = createAnsweringService(ctx, createModelBackend(ctx));
  const replies = createReplyService(ctx, inbox, platforms);
  const voucherOffers = createVoucherOffers(ctx, { platforms, vouchers });
  const botBudget = createBotBudget(ctx, { inbox });
  const orders = createOrdersService(ctx, { platforms, shops });
  const orderAnswers = createOrderAnswers(ctx, { orders, answering });
  const chatImages = createChatImages(ctx.storage, ctx.config.publicUrl);
  const composer = createComposer({ platforms, products, voucherOffers, orders, chatImages });
  const catalogue = createCatalogueSync(ctx, { platforms, products });
  const sync = createSyncService(ctx, { platforms, inbox, catalogue });
  const pendingReplies = createPendingReplies(ctx, { sync, replies });
  const drafts = createDrafts(ctx, { inbox, replies });
  const summaries = createHandoverSummaries(ctx);
  const autoReply = createAutoReply(ctx, {
    answering,
    replies,
    inbox,
    voucherOffers,
    botBudget,
    platforms,
    orderAnswers,
    pendingReplies,
    drafts,
    summaries,
  });
  const platformRead = createPlatformRead(ctx, { platforms });
  const savedReplies = createSavedReplies(ctx.database.db);
  const insights = createInsightsService(ctx.database.db);
  const insightsRollup = createInsightsRollup(ctx);
  const ratings = createRatings(ctx.database.db);
  const knowledgeGaps = createKnowledgeGaps(ctx.database.db, training);
  const approved = createApprovedAnswers(ctx.database.db);
  const tests = createTestQuestions(ctx, { answering });
  // A conversation that starts needing the merchant reaches their phone (a job per push).
  const push = createPushService(ctx);
  inbox.watch(push.conversationChanged);

  const services = {
    fetch: fetchImpl,
    outbox,
    platforms,
    clients,
    auth,
    shops,
    training,
    shopCopy,
    knowledge,
    website,
    products,
    catalogue,
    inbox,
    replies,
    chatImages,
    composer,
    vouchers,
    voucherOffers,
    answering,
    autoReply,
    drafts,
    orders,
    orderAnswers,
    insights,
    insightsRollup,
    knowledgeGaps,
    approved,
    tests,
    ratings,
    sync,
    platformRead,
    pendingReplies,
    savedReplies,
    push,
    /** Imports what a newly connected shop already has on the platform. */
    syncShop: (shop: ShopRow, authorizedAt?: Date) => sync.firstSync(shop, authorizedAt),
  };
  return services;
}

/** A model (and embeddings) when an OpenAI-compatible endpoint is configured; the offline engine otherwise. */
function createModelBackend(ctx: AppContext) {
  const ai = ctx.config.ai;
  if (!ai) return {};
  return createOpenAICompatibleBackend({
    baseURL: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    timeoutMs: ai.timeoutMs,
    ...(ai.embeddingModel ? { embeddingModel: ai.embeddingModel } : {}),
  });
}

export type Services = ReturnType<typeof createServices>;
