import { Stack } from '@mui/material';
import type { CardShop } from '../../api/orders.ts';
import type { CardRef } from './card-refs.ts';
import { OrderCard } from './order-card.tsx';
import { ProductCard } from './product-card.tsx';
import { VoucherCard } from './voucher-card.tsx';

/** The cards of one message (loaded as their own chunk, after the chat). */
export function MessageCards({ shop, refs }: { shop: CardShop; refs: readonly CardRef[] }) {
  return (
    <Stack spacing={0.75}>
      {refs.map((ref) =>
        ref.kind === 'order' ? (
          <OrderCard key={`o:${ref.id}`} shop={shop} orderSn={ref.id} />
        ) : ref.kind === 'product' ? (
          <ProductCard key={`p:${ref.id}`} shop={shop} productId={ref.id} />
        ) : (
          <VoucherCard key={`v:${ref.id}`} shop={shop} voucherId={ref.id} code={ref.code} />
        ),
      )}
    </Stack>
  );
}
