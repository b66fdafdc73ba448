/** Realtime channel and event names of spec §7 (Socket.IO rooms). */
export const channels = {
  conversations: (shopId: string) => `shopee-push-conversation.${shopId}`,
  messages: (conversationOrSessionId: string) => `shopee-push-message.${conversationOrSessionId}`,
} as const;

export const events = {
  conversation: 'receive-conversation',
  message: 'receive-message',
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
} as const;
