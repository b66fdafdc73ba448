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
  /** Why the bot handed a chat to the shop's people, by the engine's reason code. */
  handoverReasons: {
    asked_for_human: 'The shopper asked for a person',
    angry: 'The shopper seemed upset',
    low_confidence: 'The bot did not know the answer',
    other: 'Other reason',
  },
  insights: {
    title: 'Insights',
    fromAndTo: 'Give both the first and the last day',
    toBeforeFrom: 'The last day comes before the first day',
    tooLong: (max: number) => `Choose a period of at most ${max} days`,
    topicRequired: 'Pick a topic or name a new one',
    knowledgeRequired: 'Write the answer the bot should give',
    topicFull: (max: number) =>
      `This topic already has ${max} entries of that kind. Pick another topic or make a new one.`,
    gapsEmpty:
      'No knowledge gaps. Questions the bot could not answer, or handed over because it did not know, will appear here, grouped when they ask the same thing.',
    gapsEmptyDismissed: 'Dismissed questions stay hidden until a shopper asks the same thing again.',
    noShops: 'Connect a shop to see how the bot and your team are doing.',
    /** One definition per figure, shown on the page beside it. */
    definitions: {
      chat: 'A chat starts with a shopper message after 24 hours without one (or the first ever) and holds everything until the next such message. Days and hours are counted in each shop’s time zone.',
      chats: 'Chats that started in the period, and messages shoppers sent in it.',
      botResolved:
        'Chats where the bot replied, no person of the shop wrote, nothing was handed over, and the bot replied after the shopper’s last message. A chat closes 24 hours after the shopper’s last message: the share counts closed chats only, so a shopper who comes back within 24 hours is still part of the same chat.',
      handover:
        'Chats the bot or the shopper handed over to the shop’s people, with the reason recorded at the first handover of each chat.',
      firstResponse:
        'From the chat’s first shopper message to the bot’s first reply, and separately to the first reply a person of the shop wrote. Median and 90th percentile of the chats that got one.',
      window:
        'Marketplace chats whose first reply (bot or person) came within the platform’s response window, out of chats that were answered or whose deadline has passed.',
      busiestHours: 'Shopper messages by weekday and hour, in each shop’s time zone.',
      topSources: 'What the bot’s answers to shoppers came from: topics you wrote and files you uploaded.',
      vouchers: 'Vouchers the bot offered in chats.',
      gaps: 'Questions the bot handed over because it did not know the answer, grouped when they ask the same thing in any language.',
    },
  },
  confirm: 'Are you sure?',
} as const;
