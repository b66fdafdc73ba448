import type { VoucherEntry } from '@balas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface VoucherFilters {
  search: string;
  dateFrom: string;
  dateTo: string;
  orderBy: '' | 'asc' | 'desc';
}

export const useVouchers = (shopId: string, filters: VoucherFilters, page: number) =>
  useQuery({
    queryKey: ['vouchers', shopId, filters, page],
    queryFn: () =>
      api<{ data: VoucherEntry[]; total: number; lastPage: number }>(`/shopee/v1/voucher/${shopId}`, {
        query: {
          perPage: 20,
          page,
          search: filters.search,
          dateFrom: filters.dateFrom,
          dateTo: filters.dateTo,
          orderBy: filters.orderBy || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
