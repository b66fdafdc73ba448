import { cardMessages, type ProductCard as Product } from '@balas/contracts';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { type CardShop, useProductCard } from '../../api/orders.ts';
import { CARD_WIDTH, CardFrame, LookupCard, money, Thumb } from './card-frame.tsx';

const line = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** "RM 29.90" or, over variations of different prices, "RM 29.90 – RM 39.90". */
function priceText(p: Product): string {
  const prices = p.variations
    .map((v) => v.price)
    .filter((x): x is string => x !== null)
    .map(Number);
  if (prices.length > 1) {
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    if (low !== high) return `${money(low, p.currency)} – ${money(high, p.currency)}`;
  }
  return p.price === null ? cardMessages.priceUnknown : money(p.price, p.currency);
}

const stockText = (stock: number | null) =>
  stock === null ? cardMessages.stockUnknown : cardMessages.inStock(stock);

/**
 * A found product: picture, name, price and stock; its variations (each with price and stock) open
 * below on demand, so the card keeps its size until the merchant asks for more.
 */
export function ProductCardView({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const many = product.variations.length > 0;
  return (
    <Box sx={{ width: CARD_WIDTH, maxWidth: '100%' }}>
      <CardFrame kind="product" label={product.name}>
        <Stack direction="row" spacing={1.25} sx={{ height: '100%', alignItems: 'center' }}>
          <Thumb src={product.image} alt={product.name} size={72} radius={1.5} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography
              variant="body2"
              title={product.name}
              sx={{
                fontWeight: 600,
                lineHeight: 1.3,
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
            >
              {product.name}
            </Typography>
            <Typography variant="body2" sx={{ ...line, fontWeight: 700, color: 'primary.dark' }}>
              {priceText(product)}
            </Typography>
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              <Typography variant="caption" color="text.secondary" sx={line}>
                {stockText(product.stock)}
              </Typography>
              {many && (
                <Button
                  size="small"
                  onClick={() => setOpen(!open)}
                  aria-expanded={open}
                  aria-controls={listId}
                  endIcon={open ? <ExpandLess /> : <ExpandMore />}
                  sx={{
                    ml: 'auto',
                    py: 0,
                    px: 0.5,
                    minWidth: 0,
                    flex: 'none',
                    fontSize: 12,
                    whiteSpace: 'nowrap',
                    '& .MuiButton-endIcon': { ml: 0.25 },
                  }}
                >
                  {cardMessages.variations(product.variations.length)}
                </Button>
              )}
            </Stack>
          </Box>
        </Stack>
      </CardFrame>
      {many && open && (
        <Box
          component="ul"
          id={listId}
          aria-label={cardMessages.variations(product.variations.length)}
          sx={{
            listStyle: 'none',
            m: 0,
            mt: 0.5,
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
            color: 'text.primary',
          }}
        >
          {product.variations.map((v) => (
            <Box
              component="li"
              key={v.id}
              sx={{ display: 'flex', gap: 1, alignItems: 'baseline', py: 0.25, fontSize: 13 }}
            >
              <Box component="span" sx={{ flex: 1, minWidth: 0, ...line }}>
                {v.name}
              </Box>
              <Box component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {v.price === null ? cardMessages.priceUnknown : money(v.price, product.currency)}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', fontSize: 12 }}>
                {stockText(v.stock)}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** A product shared or suggested in the chat: our synced catalogue first, else the platform. */
export function ProductCard({ shop, productId }: { shop: CardShop; productId: string }) {
  const query = useProductCard(shop, productId);
  return (
    <LookupCard
      kind="product"
      title={cardMessages.product(productId)}
      query={query}
      notFound={cardMessages.productNotFound}
      found={() => (query.data?.product ? <ProductCardView product={query.data.product} /> : null)}
    />
  );
}
