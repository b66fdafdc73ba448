import { cardMessages, composerWords, limits, type OrderSummary } from '@balas/contracts';
import Close from '@mui/icons-material/Close';
import { Box, Button, IconButton, Skeleton, Stack, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useMemo } from 'react';
import type { Bubble } from '../api/messages.ts';
import { type CardShop, useRecentOrders } from '../api/orders.ts';
import { Thumb } from './cards/card-frame.tsx';
import { productsAskedAbout } from './cards/card-refs.ts';
import { OrderHeadline, SellerCentreLink } from './cards/order-card.tsx';
import { ProductCard } from './cards/product-card.tsx';

const ROW_HEIGHT = 104;
const line = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/**
 * Beside the chat (a right column on desktop, a sheet on a phone): the buyer's recent orders in this
 * shop with their status, read from the platform, and the products they asked about in this chat.
 */
export function ShopperPanel({
  shop,
  conversation,
  bubbles,
  onClose,
  titleId,
  onSendOrder,
}: {
  shop: CardShop;
  conversation: string;
  bubbles: readonly Bubble[];
  /** The sheet's close button (absent in the desktop column). */
  onClose?: (() => void) | undefined;
  /** The heading's id, which names the sheet's dialog. */
  titleId?: string | undefined;
  /** Sends one of the shopper's orders into the chat as the platform's order message. */
  onSendOrder?: ((orderId: string) => void) | undefined;
}) {
  const products = useMemo(() => productsAskedAbout(bubbles), [bubbles]);
  return (
    <Stack spacing={2.5} sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: 16, flex: 1 }}>
          {cardMessages.panel.title}
        </Typography>
        {onClose && (
          <IconButton aria-label={cardMessages.panel.close} onClick={onClose} edge="end">
            <Close />
          </IconButton>
        )}
      </Stack>
      <Box component="section" aria-labelledby="shopper-orders">
        <Typography id="shopper-orders" component="h3" variant="subtitle2" sx={{ mb: 1 }}>
          {cardMessages.panel.orders}
        </Typography>
        {shop.providerName === 'website' ? (
          <Typography variant="body2" color="text.secondary">
            {cardMessages.panel.websiteOrders}
          </Typography>
        ) : (
          <RecentOrders shop={shop} conversation={conversation} onSendOrder={onSendOrder} />
        )}
      </Box>
      <Box component="section" aria-labelledby="shopper-products">
        <Typography id="shopper-products" component="h3" variant="subtitle2" sx={{ mb: 1 }}>
          {cardMessages.panel.products}
        </Typography>
        {products.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {cardMessages.panel.noProducts}
          </Typography>
        ) : (
          <Stack spacing={1}>
            {products.map((id) => (
              <ProductCard key={id} shop={shop} productId={id} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}

function RecentOrders({
  shop,
  conversation,
  onSendOrder,
}: {
  shop: CardShop;
  conversation: string;
  onSendOrder?: ((orderId: string) => void) | undefined;
}) {
  const query = useRecentOrders(shop, conversation);
  if (query.isPending)
    return (
      <Stack spacing={1} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={ROW_HEIGHT} />
        ))}
      </Stack>
    );
  const problem = query.isError
    ? cardMessages.failed
    : query.data.result === 'unavailable'
      ? (query.data.problem?.message ?? cardMessages.failed)
      : null;
  if (problem)
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2" color="text.secondary">
          {problem}
        </Typography>
        {query.data?.problem?.reason !== 'no_platform_orders' && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {cardMessages.retry}
          </Button>
        )}
      </Stack>
    );
  const orders = query.data?.orders ?? [];
  if (!orders.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {cardMessages.panel.noOrders(limits.recentOrdersDays)}
      </Typography>
    );
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {orders.map((order) => (
        <OrderRow key={order.orderSn} order={order} onSend={onSendOrder} />
      ))}
    </Stack>
  );
}

/** One of the buyer's orders: status, number, total, date, items and the seller centre link. */
function OrderRow({
  order,
  onSend,
}: {
  order: OrderSummary;
  onSend?: ((orderId: string) => void) | undefined;
}) {
  const first = order.items[0];
  const names = order.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)).join(', ');
  return (
    <Box
      component="li"
      aria-label={cardMessages.order(order.orderSn)}
      data-order={order.orderSn}
      sx={{
        display: 'flex',
        gap: 1.25,
        height: ROW_HEIGHT,
        boxSizing: 'border-box',
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
      }}
    >
      <Thumb src={first?.image ?? null} alt={first?.name ?? cardMessages.order(order.orderSn)} size={44} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <OrderHeadline order={order} />
        <Typography variant="caption" color="text.secondary" sx={line}>
          {order.orderSn}
          {order.createdAt ? ` · ${format(order.createdAt, 'd MMM')}` : ''}
        </Typography>
        <Typography variant="caption" sx={line} title={names}>
          {names}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <SellerCentreLink order={order} short />
          {onSend && (
            <Button
              size="small"
              aria-label={composerWords.sendOrderLabel(order.orderSn)}
              onClick={() => onSend(order.orderSn)}
              sx={{
                ml: 'auto',
                py: 0,
                px: 1,
                minWidth: 0,
                minHeight: 0,
                lineHeight: 1.6,
                whiteSpace: 'nowrap',
              }}
            >
              {composerWords.sendOrder}
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
