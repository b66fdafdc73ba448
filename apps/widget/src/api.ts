export interface Reply {
  text: string;
  from: 'bot' | 'agent';
  at: string;
  /** A picture the shop sent. */
  image?: { url: string; width: number; height: number };
  /** A product the shop sent, shown as a card. */
  product?: { id: string; name: string; price: string | null; currency: string | null; image: string | null };
}

export interface Turn {
  message: string;
  response: string;
  at: string;
  replies: Reply[];
}

import { messages, type WebsiteShopStatus } from '@balas/contracts';

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { ...init, headers: { 'content-type': 'application/json' } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(body?.error?.message ?? messages.widget.unavailable);
  return body.data as T;
}

/** Whether the visitor is asked to rate the chat (after the shop resolved it). */
export interface RatingState {
  ask: boolean;
  stars: number | null;
}

export const fetchHistory = (shop: string, session: string) =>
  call<{ chatHistory: Turn[]; rating?: RatingState }>(
    `/api/website/v1/${encodeURIComponent(shop)}/${session}`,
  );

export const sendRating = (shop: string, session: string, stars: number, comment: string) =>
  call<RatingState>(`/api/website/v1/${encodeURIComponent(shop)}/rating`, {
    method: 'POST',
    body: JSON.stringify({ sessionId: session, stars, ...(comment ? { comment } : {}) }),
  });

export const sendQuery = (shop: string, session: string, query: string) =>
  call<{ response: string; handover: boolean }>(`/api/website/v1/${encodeURIComponent(shop)}`, {
    method: 'POST',
    body: JSON.stringify({ query, sessionId: session }),
  });

/** Who answers on this site right now: the bot, or the shop team (the chatbot is off). */
export const fetchStatus = (shop: string) =>
  call<WebsiteShopStatus>(`/api/website/v1/${encodeURIComponent(shop)}`);
