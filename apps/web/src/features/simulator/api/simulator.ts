import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface SimulatorAnswer {
  result: string;
  confidence: number;
  language: string;
  sources: {
    kind: 'topic' | 'file' | 'product' | 'approved';
    id: string;
    name: string;
    excerpt: string;
    score: number;
  }[];
  handover: { reason: string; text: string } | null;
}

export const useAsk = () =>
  useMutation({
    mutationFn: (body: { question: string; shopId: string; conversation: string }) =>
      api<SimulatorAnswer>('/shopee/v1/lang_chain_push', { method: 'POST', body }),
  });

export interface BotAnswerLog {
  id: number;
  shopId: string;
  conversation: string;
  message: string;
  response: string;
  confidence: number;
  createdAt: string;
}

export const useBotAnswers = () =>
  useQuery({ queryKey: ['bot-answers'], queryFn: () => api<BotAnswerLog[]>('/test') });

/** A random 8-digit conversation id for a simulator session (spec §9). */
export const randomConversation = () => String(Math.floor(10_000_000 + Math.random() * 90_000_000));
