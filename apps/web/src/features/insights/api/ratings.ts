import type { RatingFigures } from '@balas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type InsightsFilter, insightsParams } from './insights.ts';

/** `GET /api/insights/ratings` for the page's filter: stars per who answered and a daily trend. */
export const useRatingFigures = (filter: InsightsFilter) =>
  useQuery({
    queryKey: ['insights', 'ratings', insightsParams(filter)],
    queryFn: ({ signal }) =>
      api<RatingFigures>('/insights/ratings', { query: insightsParams(filter), signal }),
    placeholderData: keepPreviousData,
  });
