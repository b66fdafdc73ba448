import { queryClient } from '../../../lib/query-client.ts';
import { insightsFilterOf, insightsQuery, knowledgeGapsQuery } from './insights.ts';

/** Insights' first data, for the router's loader: the figures and knowledge gaps the address names. */
export async function prefetchInsights(url: URL): Promise<null> {
  const filter = insightsFilterOf(url.searchParams);
  await Promise.all([
    queryClient.prefetchQuery(insightsQuery(filter)),
    queryClient.prefetchQuery(knowledgeGapsQuery(filter.shopId)),
  ]);
  return null;
}
