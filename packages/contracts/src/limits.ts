/** Business constants and limits of spec §9 and the issues. */
export const limits = {
  passwordMin: 8,
  passwordMax: 200,
  nameMax: 120,
  emailMax: 254,
  categorization: { count: 5, length: 200 },
  knowledge: { count: 10, length: 300 },
  conversationPageSizeUi: 20,
  conversationPageSizeDefault: 10,
  conversationPageSizeMax: 100,
  messagePageSize: 25,
  voucherPageSize: 20,
  conversationSearchMin: 3,
  productSearchMin: 3,
  productSearchDebounceMs: 1000,
  productSearchPageSize: 100,
  productInfoImages: 3,
  uploadChunkSize: 500,
  uploadMaxBytes: 3 * 1024 * 1024,
  /** Files in one upload. */
  uploadMaxFiles: 10,
  /** A picture sent in a chat (Shopee's upload_image takes at most 2 MB). */
  chatImageMaxBytes: 2 * 1024 * 1024,
  /** What reading one knowledge file may take; past any of these the file fails with a reason. */
  knowledgeFile: {
    maxPages: 2000,
    /** Characters of text (about 20,000 chunks of 500). */
    maxTextChars: 10_000_000,
    /** Bytes a Word file's parts may inflate to, counted as they inflate. */
    maxUnpackedBytes: 50 * 1024 * 1024,
    /** Bytes a PDF's compressed streams may inflate to, all together, counted as they inflate. */
    maxPdfUnpackedBytes: 256 * 1024 * 1024,
    maxZipEntries: 2000,
    /** Growth of the server's memory while a file is read. */
    maxMemoryBytes: 256 * 1024 * 1024,
    timeoutMs: 60_000,
  },
  /** The one inbox: its pages, its search and the longest snooze. */
  inbox: {
    pageSize: 30,
    pageSizeMax: 100,
    searchMin: 3,
    searchMax: 100,
    snoozeMaxDays: 30,
    responseWindowHoursMax: 72,
  },
  savedReply: { shortcutMax: 32, textMax: 2000, perMerchantMax: 500 },
  sessionIdLength: 12,
  /** New website conversations an hour, per visitor address and per shop (the widget is public). */
  websiteNewChatsPerAddress: 10,
  websiteNewChatsPerShop: 500,
  simulatorConversationDigits: 8,
  topicRefreshMs: 300,
  resetTokenMinutes: 60,
  bodyLimitBytes: 1024 * 1024,
  replyMax: 2000,
  questionMax: 2000,
  /**
   * Characters of one message or passage the answering engine analyses; the rest is stored and shown,
   * not analysed, so no text can hold the server's event loop.
   */
  analysedTextMax: 4000,
  /**
   * Characters of a message kept as its searchable text and preview (the message itself is kept and
   * shown whole): a trigram index over a 400,000-character push held an embedded server for 220 ms.
   */
  messageSearchTextMax: 10_000,
  /** Order and product cards are re-read from the platform after this (shared by all processes). */
  lookupCacheSeconds: 180,
  /** Order lookups the bot may make per conversation and window (each may call the platform). */
  botOrderLookups: { max: 6, windowMs: 5 * 60_000 },
  /** The shopper panel's recent orders: created within these days, scanning at most this many of the shop's. */
  recentOrdersDays: 30,
  recentOrdersScanMax: 300,
  recentOrdersShown: 10,
} as const;

/** MUI breakpoints of spec §9; the sidebar becomes a drawer below md. */
export const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const mobileMaxWidth = 768;
/**
 * Spec §9's primary #42b883 carries white text at 2.5:1; this deeper green of the same hue passes
 * WCAG 2.2 AA (5.3:1). The brand green stays for the logo and decoration (docs/spec-deviations.md).
 */
export const themePrimary = '#1f7a55';
export const brandGreen = '#42b883';
