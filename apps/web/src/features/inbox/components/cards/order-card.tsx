import { cardMessages, type OrderStatus, type OrderSummary, type OrderView } from '@balas/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Box, Chip, type ChipProps, Link, Stack, Typography } from '@mui/material';
import { type CardShop, useOrderCard } from '../../api/orders.ts';
import { CardFrame, LookupCard, money, Thumb } from './card-frame.tsx';

const statusColor: Record<OrderStatus, ChipProps['color']> = {
  unpaid: 'warning',
  to_ship: 'info',
  shipped: 'primary',
  delivered: 'success',
  completed: 'success',
  cancelling: 'warning',
  cancelled: 'default',
  return_refund: 'warning',
  returned: 'default',
  delivery_failed: 'error',
  unknown: 'default',
};

/** An order's status in the merchant's words (the platform's own status on hover). */
export function OrderStatusChip({ order }: { order: Pick<OrderSummary, 'status' | 'platformStatus'> }) {
  return (
    <Chip
      size="small"
      color={statusColor[order.status]}
      variant={order.status === 'cancelled' || order.status === 'returned' ? 'outlined' : 'filled'}
      label={cardMessages.status[order.status]}
      title={order.platformStatus}
      // A long status gives way (ellipsis, the whole of it on hover) before the total does.
      sx={{ height: 22, fontSize: 12, fontWeight: 600, minWidth: 0, flexShrink: 1 }}
    />
  );
}

/** An order's status and total on one line (the total keeps its room). */
export function OrderHeadline({
  order,
}: {
  order: Pick<OrderSummary, 'status' | 'platformStatus' | 'total' | 'currency'>;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <OrderStatusChip order={order} />
      <Typography variant="body2" sx={{ ml: 'auto', fontWeight: 700, whiteSpace: 'nowrap', flexShrink: 0 }}>
        {order.total === null ? '' : money(order.total, order.currency)}
      </Typography>
    </Stack>
  );
}

/** A link to the order in the platform's seller centre, in a new tab. */
export function SellerCentreLink({
  order,
  short = false,
}: {
  order: Pick<OrderSummary, 'platform' | 'sellerCentreUrl'>;
  /** Just "Seller Centre" (where space is short); the full words stay its accessible name. */
  short?: boolean;
}) {
  return (
    <Link
      href={order.sellerCentreUrl}
      target="_blank"
      rel="noopener noreferrer"
      variant="caption"
      aria-label={cardMessages.sellerCentre(order.platform)}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, whiteSpace: 'nowrap' }}
    >
      {short ? cardMessages.sellerCentreShort(order.platform) : cardMessages.sellerCentre(order.platform)}
      <OpenInNew sx={{ fontSize: 14 }} />
    </Link>
  );
}

const line = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** A found order: status, total, items with thumbnails, tracking and the seller centre link. */
export function OrderCardView({ order }: { order: OrderView }) {
  const [first, ...rest] = order.items;
  const units = order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <CardFrame kind="order" label={cardMessages.order(order.orderSn)}>
      <Stack spacing={0.75} sx={{ height: '100%' }}>
        <OrderHeadline order={order} />
        <Typography variant="caption" color="text.secondary" sx={line}>
          {cardMessages.order(order.orderSn)}
          {order.total === null ? ` · ${cardMessages.totalPending}` : ''}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 40 }}>
          <Stack direction="row" spacing={0.5} sx={{ flex: 'none' }}>
            {order.items.slice(0, 2).map((item) => (
              <Thumb key={`${item.itemId}:${item.variation}`} src={item.image} alt={item.name} size={40} />
            ))}
          </Stack>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ ...line, fontWeight: 600 }} title={first?.name}>
              {first?.name ?? ''}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={line}>
              {rest.length
                ? cardMessages.moreItems(rest.length)
                : [first?.variation, first ? cardMessages.quantity(units) : null].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="caption" sx={line}>
          {order.tracking.number ? (
            <>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {cardMessages.tracking}{' '}
              </Box>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {order.tracking.number}
              </Box>
              {order.tracking.carrier ? ` · ${order.tracking.carrier}` : ''}
            </>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {cardMessages.noTracking}
            </Box>
          )}
        </Typography>
        <Box sx={{ mt: 'auto' }}>
          <SellerCentreLink order={order} />
        </Box>
      </Stack>
    </CardFrame>
  );
}

/** An order shared in the chat, looked up in the shop (cached a few minutes on the server). */
export function OrderCard({ shop, orderSn }: { shop: CardShop; orderSn: string }) {
  const query = useOrderCard(shop, orderSn);
  return (
    <LookupCard
      kind="order"
      title={cardMessages.order(orderSn)}
      query={query}
      notFound={cardMessages.orderNotFound}
      found={() => (query.data?.order ? <OrderCardView order={query.data.order} /> : null)}
      canRetry={(problem) => problem?.reason !== 'no_platform_orders'}
    />
  );
}
