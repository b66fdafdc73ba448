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
  sessionIdLength: 12,
  simulatorConversationDigits: 8,
  topicRefreshMs: 300,
  resetTokenMinutes: 60,
  bodyLimitBytes: 1024 * 1024,
  replyMax: 2000,
  questionMax: 2000,
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
