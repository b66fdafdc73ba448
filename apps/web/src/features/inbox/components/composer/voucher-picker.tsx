import { type ComposedMessage, composerWords } from '@balas/contracts';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import {
  Alert,
  Box,
  Button,
  List,
  ListItem,
  ListItemButton,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { format } from 'date-fns';
import { useShopVouchers } from '../../api/orders.ts';
import { ComposerDialog } from './composer-dialog.tsx';

/** Picks one of the shop's running vouchers to send as the platform's voucher message. */
export function VoucherPicker({
  shopId,
  onClose,
  onSend,
}: {
  shopId: string;
  onClose: () => void;
  onSend: (message: ComposedMessage) => void;
}) {
  const vouchers = useShopVouchers(shopId);
  return (
    <ComposerDialog title={composerWords.voucherTitle} onClose={onClose}>
      {vouchers.isPending ? (
        <Stack spacing={1} sx={{ p: 2 }} aria-busy aria-label={composerWords.vouchersLoading}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : vouchers.isError ? (
        <Stack spacing={1} sx={{ p: 2, alignItems: 'flex-start' }}>
          <Alert severity="error">{vouchers.error.message || composerWords.loadFailed}</Alert>
          <Button size="small" variant="outlined" onClick={() => void vouchers.refetch()}>
            {composerWords.retry}
          </Button>
        </Stack>
      ) : vouchers.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {composerWords.voucherNone}
        </Typography>
      ) : (
        <List aria-label={composerWords.voucherTitle}>
          {vouchers.data.map((v) => (
            <ListItem key={v.id} disablePadding>
              <ListItemButton
                onClick={() => {
                  onSend({ type: 'voucher', content: { voucherId: v.id } });
                  onClose();
                }}
                sx={{ gap: 1.5, py: 1 }}
              >
                <Box
                  sx={{
                    width: 44,
                    height: 44,
                    borderRadius: 1,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    flex: 'none',
                  }}
                >
                  <LocalOfferOutlined />
                </Box>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {v.code}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {v.name && v.name !== v.discount ? ` · ${v.name}` : ''}
                    </Typography>
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {v.discount}
                    {v.endsAt ? ` · ${composerWords.voucherEnds(format(v.endsAt, 'd MMM yyyy'))}` : ''}
                  </Typography>
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </ComposerDialog>
  );
}
