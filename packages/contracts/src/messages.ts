/** Every user-facing text of the product, once. Spec §2, §5, §8 (with its typos fixed, see docs/spec-deviations.md). */
export const messages = {
  validation: {
    email: 'Please enter a valid email',
    loginPassword: 'You must enter a password',
    firstName: 'Please enter a first name.',
    phone: 'Please enter a valid phone number',
    password: 'Please enter a password',
    passwordMin: 'Please enter at least 8 characters',
    passwordBlank: 'A password cannot be only spaces',
    passwordCommon: 'This password is too common and easy to guess. Please choose another one.',
    passwordConfirmation: 'Please enter password confirmation',
    passwordMismatch: 'Your password does not match',
    currentPassword: 'Please enter your current password',
    passwordUnchanged: 'Please choose a password different from your current one',
    resetPasswordMismatch: 'Password does not match',
    topic: 'Please enter a topic',
    shop: 'Please select a shop',
    value: 'Please enter a value',
    message: 'Please enter a message',
    required: 'This field is required',
    uploadFile: 'Please upload a PDF, Word or Text file',
    tooLong: (max: number) => `Please enter at most ${max} characters`,
    tooMany: (max: number) => `Please enter at most ${max} entries`,
    dateFormat: 'Use the date format YYYY-MM-DD',
    date: 'Please enter a real date (YYYY-MM-DD)',
  },
  auth: {
    userExists: 'user already exist',
    userExistsShown: 'The email address is already associated with a user in this portal',
    signupFallback: 'Something went wrong while creating your account. Please try again.',
    invalidCredentials: 'The email or password is incorrect',
    unauthenticated: 'Please log in to continue',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    tooManySignups: 'Too many accounts were created from your network. Please try again in an hour.',
    resetInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
    /** Said whether or not the address has an account (the answer never tells who has one). */
    forgotSent:
      'If an account uses this email address, we have sent it a link to set a new password. The link works for 60 minutes.',
    resetDoneTitle: 'Password Successfully Reset',
    resetDoneBody: 'Please proceed to login with your new password',
    resetMailSubject: 'Reset your Balas password',
  },
  /** The one inbox (issue 15): its views, actions and saved replies. */
  inbox: {
    searchTooShort: 'Please enter at least 3 characters to search',
    channel: 'Please choose a sales channel of this server',
    snoozeTime: 'Please choose a date and time to snooze until',
    snoozePast: 'Please choose a time in the future',
    snoozeTooFar: 'You can snooze a conversation for at most 30 days',
    shortcut: 'A shortcut uses 1 to 32 lowercase letters, digits, - or _',
    shortcutTaken: 'You already have a saved reply with this shortcut',
    savedReplyNotFound: 'Saved reply not found',
    savedReplyDeleted: 'The saved reply was deleted',
    conversationNotFound: 'Conversation not found',
    badCursor: 'cursor is not a valid cursor',
    responseWindow: 'Please enter a number of hours between 1 and 72, or follow the platform',
    noWindow: 'Website chats have no platform response window',
  },
  errors: {
    notFound: 'Not found',
    pageNotFound: 'Error 404 / Page Not Found',
    badJson: 'The request body is not valid JSON',
    tooDeep: 'The request is nested too deeply',
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
    authorizeAgain: 'Authorize again',
    /** The add-shop wizard's first step: what connecting a shop of this channel does. */
    choose: (channel: { name: string; marketplace: boolean }) =>
      channel.marketplace
        ? `Answer the chats of your ${channel.name} shop.`
        : 'Add a chat widget to your own website.',
  },
  /** The authorization window's last page, and what the dashboard says when it did not work. */
  connect: {
    done: 'Connected — you can close this window',
    doneBody: 'Balas is importing your products and recent chats. This window closes by itself.',
    failedTitle: 'The shop was not connected',
    refused: 'The authorization was cancelled on the platform. You can authorize again from your shop.',
    expired: 'This authorization link was already used or has expired. Start again with “Authorize again”.',
    taken: 'This shop is already connected to Balas from another account.',
    failed: 'The platform did not confirm the authorization. Please try again.',
  },
  topics: {
    emptyList: 'You have not created any topics',
    emptyListAlt: "You haven't created any topics yet",
    deleteConfirm: 'Are you sure you would like to delete this category?',
    deleteBlocked: 'Please remove all contents in the category before trying to delete the category.',
    copyBlocked: 'Please clear all existing data before performing this action',
    copyConfirm: 'Are you sure you would like to copy the data from this shop?',
    unsavedTitle: 'Leave without saving?',
    unsavedConfirm: 'Some entries of this topic are not saved yet. If you leave now, they are lost.',
    voucherNotRunning: 'This voucher is not running in your shop. Pick one of its current vouchers.',
    voucherWebsite: 'Vouchers come from your Shopee or Lazada shop; a website shop has none.',
  },
  knowledge: {
    uploaded: 'Your file has been successfully uploaded',
    deleteConfirm: 'Are you sure you would like to permanently remove this file?',
    noFileName: 'No File Name',
    hint: 'Accepted file types: PDF, Word (.docx), Text, CSV and JSON with a max file size of 3MB',
    productInfoAdded: 'The new information has been successfully added to your products',
    /** Why a file could not be read (shown beside it in the files list). */
    failed: {
      noText: 'The file has no readable text',
      pdfNoText: 'This PDF has no text layer (a scanned document?)',
      pdfPassword: 'This PDF is encrypted with a password',
      pdfDamaged: 'This PDF is damaged and could not be read',
      docxDamaged: 'This Word file is damaged and could not be read',
      jsonInvalid: 'This JSON file is not valid JSON',
      tooManyParts: 'This Word file has too many parts',
      unpacksTooLarge: (mb: number) =>
        `This Word file unpacks to more than ${mb} MB. Please save it again without large images, or split it.`,
      pdfUnpacksTooLarge: (mb: number) =>
        `This PDF unpacks to more than ${mb} MB. Please save it again (for example, print it to a new PDF) or split it.`,
      tooManyPages: (pages: number) =>
        `This PDF has more than ${pages.toLocaleString('en')} pages. Please split it into smaller files.`,
      tooMuchText: (millions: number) =>
        `This file holds more than ${millions} million characters of text. Please split it into smaller files.`,
      tooMuchMemory:
        'This file needs far more memory to read than its size suggests, so it was stopped. Please save it again (for example, print it to a new PDF) or split it.',
      tooSlow: (seconds: number) =>
        `Reading this file took longer than ${seconds} seconds, so it was stopped. Please save it again (for example, print it to a new PDF) or split it.`,
      interrupted:
        'Reading this file was interrupted several times and was given up. Please upload it again.',
    },
  },
  website: {
    tooManyNewChats: 'Too many new chats were started from your network. Please try again later.',
    tooManyShopChats: 'This shop is receiving too many new chats right now. Please try again later.',
  },
  botBudget: {
    /** The conversation's handover reason in the inbox. */
    handover: 'The chatbot reached its hourly limit of answers for this shop',
    mailSubject: (shop: string) => `Your Balas chatbot for ${shop} reached its hourly limit`,
    mailText: (name: string, shop: string, answers: number, minutes: number) =>
      `Hello ${name},\n\nYour chatbot for ${shop} has answered ${answers} messages in the past hour, the most it answers in an hour. For about ${minutes} more minutes, new questions are handed over to you: you will find them in the inbox marked for a person, and the chatbot answers again after that.\n\nIf your shop is simply busy, there is nothing to do but reply. If you do not recognise these chats, someone may be flooding your chat; the conversations in the inbox show who.\n`,
  },
  /** The website widget (shown to the merchant's visitors). */
  widget: {
    title: 'Chat with us',
    /** The alt text of a picture the shop sent in the chat. */
    shopPicture: 'Sent by the shop',
    botReplies: 'We usually reply in a few seconds',
    teamReplies: 'The shop team will reply here',
    greeting: 'Hi! Ask us anything about our products, orders or delivery.',
    handover: 'A member of our team will reply here shortly.',
    teamWillReply: 'Thanks for your message. The shop team will reply here as soon as they can.',
    unavailable: 'The chat is not available right now',
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
} as const;
