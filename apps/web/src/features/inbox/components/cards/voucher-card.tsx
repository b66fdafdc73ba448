import { cardMessages, type ShopVoucher } from '@balas/contracts';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import { Box, Stack, Typography } from '@mui/material';
import { format } from 'date-fns';
import { type CardShop, useShopVouchers } from '../../api/orders.ts';
import { CardFrame, CardProblem, CardSkeleton } from './card-frame.tsx';

const line = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** A voucher: its code, what it takes off, and until when. */
export function VoucherCardView({ voucher }: { voucher: ShopVoucher }) {
  return (
    <CardFrame kind="voucher" label={cardMessages.voucher(voucher.code)}>
      <Stack direction="row" spacing={1.25} sx={{ height: '100%', alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 44,
            height: 44,
            flex: 'none',
            borderRadius: 1.5,
            bgcolor: 'primary.light',
            color: 'primary.dark',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <ConfirmationNumberOutlined />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" sx={{ ...line, fontWeight: 800, letterSpacing: '0.04em' }}>
            {voucher.code}
          </Typography>
          <Typography variant="caption" sx={line} title={voucher.name}>
            {voucher.discount}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={line}>
            {voucher.name} · until {format(voucher.endsAt, 'd MMM yyyy')}
          </Typography>
        </Box>
      </Stack>
    </CardFrame>
  );
}

/**
 * A voucher shared in the chat. The message carries the voucher's id (and on Shopee sometimes its
 * code): it is matched against the shop's running vouchers.
 */
export function VoucherCard({ shop, voucherId, code }: { shop: CardShop; voucherId: string; code?: string }) {
  const query = useShopVouchers(shop.id);
  const title = cardMessages.voucher(code || voucherId);
  if (query.isPending) return <CardSkeleton kind="voucher" label={title} />;
  if (query.isError)
    return (
      <CardProblem
        kind="voucher"
        title={title}
        message={cardMessages.failed}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const voucher = query.data.find((v) => v.id === voucherId || (code && v.code === code));
  if (voucher) return <VoucherCardView voucher={voucher} />;
  return <CardProblem kind="voucher" title={title} message={cardMessages.voucherNotRunning} />;
}
