import { channelOf, messages, type Shop, type Topic } from '@balas/contracts';
import LocalOffer from '@mui/icons-material/LocalOfferOutlined';
import { Alert, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useShopVouchers, useTopicMutations } from '../api/topics.ts';

// Made on first use, once: a formatter made as the page's code loads holds its first render back.
let endDate: Intl.DateTimeFormat | undefined;
const endDay = (iso: string) => {
  endDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  return endDate.format(new Date(iso));
};

/** Picks the platform voucher the bot offers, once per conversation, with answers from this topic. */
export function TopicVoucher({ shop, topic }: { shop: Shop; topic: Topic }) {
  const website = !channelOf(shop.providerName).marketplace;
  const vouchers = useShopVouchers(shop.id, !website);
  const { setVoucher } = useTopicMutations(shop.id);
  const current = topic.voucher?.id ?? '';
  const options = vouchers.data ?? [];
  // A voucher that ended is no longer listed; keep it visible so the merchant sees what is set.
  const ended = topic.voucher && !options.some((v) => v.id === topic.voucher?.id) ? topic.voucher : null;
  return (
    <Card sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <LocalOffer color="primary" />
          <Typography variant="h6" component="h2">
            Voucher offer
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          When the bot answers from this topic it can offer one of your shop's running vouchers. Each shopper
          receives it once; every voucher sent is listed on the Vouchers page.
        </Typography>
        {website ? (
          <Alert severity="info">{messages.topics.voucherWebsite}</Alert>
        ) : (
          <Stack spacing={2}>
            <TextField
              select
              label="Voucher"
              value={vouchers.isLoading ? '' : current}
              disabled={vouchers.isLoading || setVoucher.isPending}
              onChange={(e) => setVoucher.mutate({ topicId: topic.id, voucherId: e.target.value || null })}
              helperText={vouchers.isLoading ? 'Loading your vouchers…' : undefined}
              sx={{ maxWidth: 480 }}
            >
              <MenuItem value="">No voucher</MenuItem>
              {ended && (
                <MenuItem value={ended.id} disabled>
                  {ended.code} · {ended.name} (no longer running)
                </MenuItem>
              )}
              {options.map((v) => (
                <MenuItem key={v.id} value={v.id}>
                  <Stack>
                    <span>
                      {v.code} · {v.name}
                    </span>
                    <Typography variant="caption" color="text.secondary">
                      {v.discount} · ends {endDay(v.endsAt)}
                    </Typography>
                  </Stack>
                </MenuItem>
              ))}
            </TextField>
            {vouchers.data?.length === 0 && (
              <Alert severity="info">
                Your shop has no running vouchers. Create one on your seller centre.
              </Alert>
            )}
            {vouchers.error && <Alert severity="error">{(vouchers.error as Error).message}</Alert>}
            {setVoucher.error && <Alert severity="error">{(setVoucher.error as Error).message}</Alert>}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
