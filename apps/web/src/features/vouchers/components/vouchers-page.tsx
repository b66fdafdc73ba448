import { messages } from '@balas/contracts';
import Download from '@mui/icons-material/Download';
import FilterList from '@mui/icons-material/FilterList';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { format } from 'date-fns';
import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { openAuthorized } from '../../../lib/api-client.ts';
import { useShops } from '../../shops/api/get-shops.ts';
import { useVouchers, type VoucherFilters } from '../api/vouchers.ts';

/** 'Sent at' as 'd-MMM h:mmaa' with lowercase am/pm (spec §2). */
export const sentAt = (iso: string) => {
  const d = new Date(iso);
  return `${format(d, 'd-MMM h:mm')}${format(d, 'aa').toLowerCase()}`;
};

/** /dashboard/vouchers/{shopId}: every voucher the bot sent, searchable, filterable, exportable. */
export function VouchersPage() {
  const { shopId = '' } = useParams();
  const shops = useShops();
  const [draft, setDraft] = useState<VoucherFilters>({ search: '', dateFrom: '', dateTo: '', orderBy: '' });
  const [filters, setFilters] = useState(draft);
  const [page, setPage] = useState(1);
  const vouchers = useVouchers(shopId, filters, page);
  const [error, setError] = useState<string | null>(null);
  const shop = shops.data?.find((s) => s.id === shopId);
  if (shops.isSuccess && !shop) return <Navigate to="/dashboard/shops" replace />;
  const apply = () => {
    setFilters(draft);
    setPage(1);
  };
  const exportCsv = () => {
    const params = new URLSearchParams({ export: 'true' });
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    openAuthorized(`/shopee/v1/voucher/${shopId}?${params}`, 'vouchers.csv', 'save').catch((e: Error) =>
      setError(e.message),
    );
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Vouchers{shop ? `: ${shop.addInformation.name}` : ''}
      </Typography>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              apply();
            }}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1fr auto auto' },
              gap: 1.5,
              alignItems: 'center',
            }}
          >
            <TextField
              size="small"
              placeholder="Search username, order ID..."
              value={draft.search}
              onChange={(e) => setDraft({ ...draft, search: e.target.value })}
              slotProps={{ htmlInput: { 'aria-label': 'Search' } }}
            />
            <TextField
              size="small"
              type="date"
              label="From"
              value={draft.dateFrom}
              onChange={(e) => setDraft({ ...draft, dateFrom: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              type="date"
              label="To"
              value={draft.dateTo}
              onChange={(e) => setDraft({ ...draft, dateTo: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              select
              label="Sort by"
              value={draft.orderBy}
              onChange={(e) => {
                const next = { ...draft, orderBy: e.target.value as VoucherFilters['orderBy'] };
                setDraft(next);
                setFilters(next);
                setPage(1);
              }}
            >
              <MenuItem value="">None</MenuItem>
              <MenuItem value="asc">Oldest to Newest</MenuItem>
              <MenuItem value="desc">Newest to Oldest</MenuItem>
            </TextField>
            <Button type="submit" variant="contained" startIcon={<FilterList />}>
              Filter
            </Button>
            <Button variant="outlined" startIcon={<Download />} onClick={exportCsv}>
              Export
            </Button>
          </Box>
        </CardContent>
      </Card>
      {(error || vouchers.error) && (
        <Alert severity="error">{error ?? (vouchers.error as Error).message}</Alert>
      )}
      {vouchers.data?.data.length === 0 && (
        <Typography color="text.secondary">
          {Object.values(filters).some(Boolean)
            ? messages.tables.noMatching
            : "The chatbot has not sent any vouchers yet. Pick a voucher on a topic's page and the bot offers it with its answers from that topic."}
        </Typography>
      )}
      <Stack spacing={1.5}>
        {vouchers.data?.data.map((v) => (
          <Card key={v.id}>
            <CardContent>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ justifyContent: 'space-between' }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 700 }}>{v.username || 'Shopper'}</Typography>
                  {v.voucherCode && (
                    <Chip size="small" color="primary" variant="outlined" label={v.voucherCode} />
                  )}
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  Sent at {sentAt(v.chatHistory[0]?.create ?? new Date().toISOString())}
                </Typography>
              </Stack>
              {v.orders[0] && (
                <Typography variant="body2">
                  Order {v.orders[0].orderId}: {v.orders[0].items.map((i) => i.item_name).join(', ')}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                {v.chatHistory[0]?.response}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {(vouchers.data?.lastPage ?? 1) > 1 && (
        <Pagination
          sx={{ mt: 2 }}
          count={vouchers.data?.lastPage ?? 1}
          page={page}
          onChange={(_e, p) => setPage(p)}
          siblingCount={1}
        />
      )}
    </Box>
  );
}
