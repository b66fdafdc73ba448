import type {
  ChatImage,
  ComposedMessage,
  LazadaMessageView,
  Shop,
  ShopeeMessageView,
} from '@balas/contracts';
import { channelOf, chatShapeOf, type MessageContent, readContent } from '@balas/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One chat bubble, whatever the platform. */
export interface Bubble {
  id: string;
  messageId: string;
  sender: 'customer' | 'agent' | 'bot';
  at: number;
  /** Canonical whatever the platform (decision 0020). */
  content: MessageContent;
  /** Content the platform sent that could not be read. */
  unreadable: boolean;
  status: 'sent' | 'pending' | 'failed';
  error: string | null;
}

export const fromShopeeMessage = (m: ShopeeMessageView): Bubble => ({
  id: m.id,
  messageId: m.message_id,
  sender: m.source === 'openapi' ? 'bot' : m.sender,
  at: m.created_timestamp * 1000,
  ...contentOf(m.content),
  status: m.status,
  error: m.error,
});

/** Stored content as the chat shows it; what cannot be read says so instead of breaking the chat. */
function contentOf(value: unknown): Pick<Bubble, 'content' | 'unreadable'> {
  const content = readContent(value);
  return { content, unreadable: content.kind === 'other' && content.unreadable === true };
}

export function fromLazadaMessage(m: LazadaMessageView): Bubble {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(m.content);
  } catch {
    parsed = null;
  }
  // Spec §2: the shop's side when the recipient account type is 1; 'AI' when bot-flagged.
  const shopSide = m.to_account_type === 1;
  return {
    id: m.id,
    messageId: m.message_id,
    sender: shopSide ? (m.openai ? 'bot' : 'agent') : 'customer',
    at: m.send_time,
    ...contentOf(parsed),
    status: m.status,
    error: m.error,
  };
}

interface Page {
  bubbles: Bubble[];
  next: string;
}

export const messagesKey = (shopId: string, conversation: string) =>
  ['messages', shopId, conversation] as const;

const provider = (shop: Shop) => channelOf(shop.providerName).routeSegment;
const path = (shop: Shop, conversation: string) =>
  `/${provider(shop)}/v1/${shop.id}/${encodeURIComponent(conversation)}`;

export const messagesQuery = (shop: Shop, conversation: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(shop.id, conversation),
    initialPageParam: '',
    queryFn: async ({ pageParam, signal }): Promise<Page> => {
      const query = { page_size: 25, offset: pageParam || undefined };
      if (chatShapeOf(shop.providerName) === 'sessions') {
        const page = await api<{ message_list: LazadaMessageView[]; next_offset: string }>(
          path(shop, conversation),
          { query, signal },
        );
        return { bubbles: page.message_list.map(fromLazadaMessage), next: page.next_offset };
      }
      const page = await api<{ messages: ShopeeMessageView[]; page_result: { next_offset: string } }>(
        path(shop, conversation),
        { query, signal },
      );
      return { bubbles: page.messages.map(fromShopeeMessage), next: page.page_result.next_offset };
    },
    getNextPageParam: (last) => last.next || undefined,
  });

export const useMessages = (shop: Shop, conversation: string) =>
  useInfiniteQuery(messagesQuery(shop, conversation));

/** Adds or replaces a bubble in the cached chat (pages hold older messages further back). */
export function upsertBubble(data: InfiniteData<Page, string> | undefined, bubble: Bubble) {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((p) => ({
    ...p,
    bubbles: p.bubbles.map((b) => {
      if (b.id === bubble.id) {
        found = true;
        return bubble;
      }
      return b;
    }),
  }));
  if (!found && pages[0])
    pages[0] = { ...pages[0], bubbles: [...pages[0].bubbles, bubble].sort((a, b) => a.at - b.at) };
  return { ...data, pages };
}

export function useSendReply(shop: Shop, conversation: string) {
  const client = useQueryClient();
  const put = (m: ShopeeMessageView | LazadaMessageView) =>
    client.setQueryData(messagesKey(shop.id, conversation), (data: InfiniteData<Page, string> | undefined) =>
      upsertBubble(data, 'session_id' in m ? fromLazadaMessage(m) : fromShopeeMessage(m)),
    );
  const send = useMutation({
    // A text (spec §7 `message`), or a composer message: a picture, a product, a voucher, an order.
    mutationFn: (message: string | ComposedMessage) =>
      api<ShopeeMessageView | LazadaMessageView>(path(shop, conversation), {
        method: 'POST',
        body: typeof message === 'string' ? { message } : message,
      }),
    onSuccess: put,
  });
  const key = messagesKey(shop.id, conversation);
  const retry = useMutation({
    mutationFn: (messageId: string) =>
      api<ShopeeMessageView | LazadaMessageView>(`${path(shop, conversation)}/messages/${messageId}/retry`, {
        method: 'POST',
      }),
    // Shown as sending at once, so its Retry is gone: a second press cannot send it twice (and the
    // server resends only a message still failed).
    onMutate: (messageId) =>
      client.setQueryData(key, (data: InfiniteData<Page, string> | undefined) => {
        const bubble = data?.pages.flatMap((p) => p.bubbles).find((b) => b.id === messageId);
        return bubble ? upsertBubble(data, { ...bubble, status: 'pending', error: null }) : data;
      }),
    onSuccess: put,
    onError: () => client.invalidateQueries({ queryKey: key }),
  });
  return { send, retry };
}

/** Uploads a picture for the chat (the server sniffs and sizes it); it is then sent by its id. */
export function uploadChatImage(shop: Shop, file: File) {
  const form = new FormData();
  form.append('file', file, file.name || 'picture');
  return api<ChatImage>(`/${provider(shop)}/v1/${shop.id}/chat-images`, { method: 'POST', body: form });
}
