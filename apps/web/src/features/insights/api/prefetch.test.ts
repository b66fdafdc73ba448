import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { answerApi } from '../../../test-utils.tsx';
import { insightsFilterOf, insightsQuery, knowledgeGapsQuery } from './insights.ts';
import { prefetchInsights } from './prefetch.ts';

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the Insights address', () => {
  it('names a shop and a preset (30 days unless one of the presets) or a custom period', () => {
    expect(insightsFilterOf(new URLSearchParams('shopId=s1&days=7'))).toEqual({
      shopId: 's1',
      days: 7,
      from: '',
      to: '',
    });
    expect(insightsFilterOf(new URLSearchParams('days=12')).days).toBe(30);
    expect(insightsFilterOf(new URLSearchParams('from=2026-11-01&to=2026-11-10'))).toEqual({
      shopId: '',
      days: null,
      from: '2026-11-01',
      to: '2026-11-10',
    });
  });

  it("puts the figures and the knowledge gaps it names in the cache before the page's first render", async () => {
    answerApi({
      'GET /insights?shopId=s1&days=7': () => ({ figures: 'of s1' }),
      'GET /insights/gaps?shopId=s1': () => [{ id: 'g1' }],
    });
    await prefetchInsights(new URL('http://localhost/insights?shopId=s1&days=7'));
    const filter = insightsFilterOf(new URLSearchParams('shopId=s1&days=7'));
    expect(queryClient.getQueryData(insightsQuery(filter).queryKey)).toEqual({ figures: 'of s1' });
    expect(queryClient.getQueryData(knowledgeGapsQuery('s1').queryKey)).toEqual([{ id: 'g1' }]);
  });
});
