import type {
  ApprovedAnswer,
  ApprovedAnswerBody,
  ApprovedList,
  ApprovedTry,
  ApprovedUsage,
  TestQuestion,
  TestQuestionBody,
  TestRun,
  TestSummary,
  TestsOverview,
} from '@balas/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** While a run is under way the section follows it. */
const RUNNING_POLL_MS = 1500;

export const useTests = (shopId: string) =>
  useQuery({
    queryKey: ['tests', shopId],
    queryFn: () => api<TestsOverview>(`/shops/${shopId}/tests`),
    enabled: !!shopId,
    refetchInterval: (q) => (q.state.data?.running ? RUNNING_POLL_MS : false),
  });

export const useTestSummary = () =>
  useQuery({
    queryKey: ['tests', 'summary'],
    queryFn: () => api<TestSummary>('/tests/summary'),
    staleTime: 30_000,
  });

export function useTestMutations(shopId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['tests'] });
  return {
    create: useMutation({
      mutationFn: (body: TestQuestionBody) =>
        api<TestQuestion>(`/shops/${shopId}/tests`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TestQuestionBody }) =>
        api<TestQuestion>(`/shops/${shopId}/tests/${id}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`/shops/${shopId}/tests/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    run: useMutation({
      mutationFn: () => api<TestRun>(`/shops/${shopId}/tests/run`, { method: 'POST' }),
      onSuccess: refresh,
    }),
  };
}

export const useApproved = (shopId: string) =>
  useQuery({
    queryKey: ['approved', shopId],
    queryFn: () => api<ApprovedList>(`/shops/${shopId}/approved-answers`),
    enabled: !!shopId,
  });

export const useApprovedUsage = (shopId: string | undefined, days: number) =>
  useQuery({
    queryKey: ['approved', 'usage', shopId ?? 'all', days],
    queryFn: () =>
      api<ApprovedUsage>(`/approved-answers/usage?days=${days}${shopId ? `&shopId=${shopId}` : ''}`),
  });

export function useApprovedMutations(shopId: string) {
  const client = useQueryClient();
  // An approved answer is a training change: the tests run again, and the section shows it.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['approved'] }),
      client.invalidateQueries({ queryKey: ['tests'] }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: ApprovedAnswerBody) =>
        api<ApprovedAnswer>(`/shops/${shopId}/approved-answers`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ApprovedAnswerBody }) =>
        api<ApprovedAnswer>(`/shops/${shopId}/approved-answers/${id}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`/shops/${shopId}/approved-answers/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    threshold: useMutation({
      mutationFn: (threshold: number) =>
        api<{ threshold: number }>(`/shops/${shopId}/approved-answers/threshold`, {
          method: 'PUT',
          body: { threshold },
        }),
      onSuccess: refresh,
    }),
    tryQuestion: useMutation({
      mutationFn: (body: { question: string; threshold?: number }) =>
        api<ApprovedTry>(`/shops/${shopId}/approved-answers/try`, { method: 'POST', body }),
    }),
  };
}
