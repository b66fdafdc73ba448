/** Every user-facing text of the product, once. Spec §2, §5, §8 (with its typos fixed, see docs/spec-deviations.md). */
export const messages = {
  validation: {
    email: 'Please enter a valid email',
    loginPassword: 'You must enter a password',
    firstName: 'Please enter a first name.',
    phone: 'Please enter a valid phone number',
    password: 'Please enter a password',
    passwordMin: 'Please enter at least 8 characters',
    passwordConfirmation: 'Please enter password confirmation',
    passwordMismatch: 'Your password does not match',
    resetPasswordMismatch: 'Password does not match',
    topic: 'Please enter a topic',
    shop: 'Please select a shop',
    value: 'Please enter a value',
    message: 'Please enter a message',
    required: 'This field is required',
    uploadFile: 'Please upload a PDF, Word or Text file',
    tooLong: (max: number) => `Please enter at most ${max} characters`,
    tooMany: (max: number) => `Please enter at most ${max} entries`,
  },
  auth: {
    userExists: 'user already exist',
    userExistsShown: 'The email address is already associated with a user in this portal',
    signupFallback: 'Something went wrong while creating your account. Please try again.',
    invalidCredentials: 'The email or password is incorrect',
    unauthenticated: 'Please log in to continue',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    resetInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
    forgotSent:
      'Your password has been successfully reset. Please click the link on your email to setup a new password.',
    resetDoneTitle: 'Password Successfully Reset',
    resetDoneBody: 'Please proceed to login with your new password',
    resetMailSubject: 'Reset your Balas password',
  },
  errors: {
    notFound: 'Not found',
    pageNotFound: 'Error 404 / Page Not Found',
    badJson: 'The request body is not valid JSON',
    validation: 'Some fields are not valid',
    tooLarge: 'The request is too large',
    unsupportedType: 'Please upload a PDF, Word or Text file',
    internal: 'Something went wrong on our side. Please try again.',
    simulator: 'Failed to get a response',
    addProductInfo: 'failed to add info',
    productInfoList: 'Failed to get product additional info',
    lazadaContent: 'Could not read content',
  },
  shops: {
    empty: 'You have not authorised any shops yet',
    removeConfirm:
      'Are you sure you would like to remove this shop? Its conversations, training and files will be deleted permanently.',
    reconnect: 'Reconnect',
  },
  topics: {
    emptyList: 'You have not created any topics',
    emptyListAlt: "You haven't created any topics yet",
    deleteConfirm: 'Are you sure you would like to delete this category?',
    deleteBlocked: 'Please remove all contents in the category before trying to delete the category.',
    copyBlocked: 'Please clear all existing data before performing this action',
    copyConfirm: 'Are you sure you would like to copy the data from this shop?',
    voucherNotRunning: 'This voucher is not running in your shop. Pick one of its current vouchers.',
    voucherWebsite: 'Vouchers come from your Shopee or Lazada shop; a website shop has none.',
  },
  knowledge: {
    uploaded: 'Your file has been successfully uploaded',
    deleteConfirm: 'Are you sure you would like to permanently remove this file?',
    noFileName: 'No File Name',
    hint: 'Accepted file types: PDF, Word (.docx), Text, CSV and JSON with a max file size of 3MB',
    productInfoAdded: 'The new information has been successfully added to your products',
  },
  chat: {
    noChat:
      'No Chat Found. Only chats that are made after the connection of the chatbot to this shop will appear here. Older chats may not be visible here.',
    placeholder: 'Enter message here...',
    noEarlier: 'No earlier msgs',
    allLoaded: 'All conversations have been loaded',
  },
  tables: {
    noAvailableData: 'No Available Data',
    noData: 'No data available',
    noMatching: 'No matching records found',
    loading: 'Loading items...',
  },
  confirm: 'Are you sure?',
  /** Why the bot handed a conversation over, as the merchant reads it (never a score). */
  handover: {
    asked_for_human: 'The shopper asked to talk to a person',
    angry: 'The shopper seems upset',
    order_status: 'The shopper asks about their order',
    account: "The shopper asks about their account or a payment we can't see",
    restock: 'The shopper asks when an item will be back in stock',
    future_price: 'The shopper asks about a future price or stock',
    medical: 'The shopper asks for medical advice',
    negotiation: 'The shopper wants to negotiate the price',
    platform_decision: 'The shopper asks what Shopee or Lazada will do',
    low_confidence: "The bot couldn't find the answer in your training",
    unknown: 'The bot handed this conversation to you',
  },
  /** What an order question asks, appended to the order_status reason. */
  orderQuestion: {
    status: 'its status',
    where: 'where it is',
    ships_when: 'when it ships',
    tracking: 'its tracking number',
    cancel: 'cancelling it',
    refund: 'a refund',
    change_address: 'changing the address',
  },
} as const;

export type HandoverReasonCode = Exclude<keyof typeof messages.handover, 'unknown'>;

/** The merchant-facing words for a handover reason code ("order_status" plus what was asked). */
export function handoverReasonMessage(
  reason: string,
  order?: { kind: string; orderNumber?: string | undefined },
): string {
  const base = (messages.handover as Record<string, string>)[reason] ?? messages.handover.unknown;
  if (reason !== 'order_status' || !order) return base;
  const asks = (messages.orderQuestion as Record<string, string>)[order.kind];
  const about = asks ? ` (${asks}${order.orderNumber ? `, order ${order.orderNumber}` : ''})` : '';
  return `${base}${about}`;
}
