import { type ComposedMessage, composerWords, limits, type Product, type Shop } from '@balas/contracts';
import Search from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../../lib/api-client.ts';
import { money, Thumb } from '../cards/card-frame.tsx';
import { ComposerDialog } from './composer-dialog.tsx';

const PAGE = 50;

/** The shop's catalogue, searched as the merchant types (a short pause first). */
function useCatalogue(shopId: string, search: string) {
  return useQuery({
    queryKey: ['composer-products', shopId, search],
    queryFn: ({ signal }) =>
      api<Product[]>(`/shopee/v1/${encodeURIComponent(shopId)}/search`, {
        query: { search, pageSize: PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: limits.lookupCacheSeconds * 1000,
    retry: false,
  });
}

/** Picks a product of the shop's catalogue to send as a product card. */
export function ProductPicker({
  shop,
  onClose,
  onSend,
}: {
  shop: Shop;
  onClose: () => void;
  onSend: (message: ComposedMessage) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const products = useCatalogue(shop.id, search);

  return (
    <ComposerDialog title={composerWords.productTitle} onClose={onClose}>
      <Box sx={{ p: 2, pb: 1, position: 'sticky', top: 0, bgcolor: 'background.paper', zIndex: 1 }}>
        <TextField
          autoFocus
          fullWidth
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={composerWords.productSearch}
          slotProps={{
            htmlInput: { 'aria-label': composerWords.productSearch, maxLength: 100 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {products.isPending ? (
        <Stack spacing={1} sx={{ p: 2 }} aria-busy aria-label={composerWords.productsLoading}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={64} />
          ))}
        </Stack>
      ) : products.isError ? (
        <Stack spacing={1} sx={{ p: 2, alignItems: 'flex-start' }}>
          <Alert severity="error">{composerWords.loadFailed}</Alert>
          <Button size="small" variant="outlined" onClick={() => void products.refetch()}>
            {composerWords.retry}
          </Button>
        </Stack>
      ) : products.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {search
            ? composerWords.productNone
            : shop.providerName === 'website'
              ? composerWords.productEmptyWebsite
              : composerWords.productEmpty}
        </Typography>
      ) : (
        <List aria-label={composerWords.productTitle} sx={{ pt: 0 }}>
          {products.data.map((p) => (
            <ListItem key={p.productId} disablePadding>
              <ListItemButton
                onClick={() => {
                  onSend({ type: 'product', content: { productId: p.productId } });
                  onClose();
                }}
                sx={{ gap: 1.5, py: 1 }}
              >
                <Thumb src={p.productInfo.image} alt="" size={48} radius={1} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={p.productInfo.name}>
                    {p.productInfo.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {p.productInfo.price === null ? '' : money(p.productInfo.price, p.productInfo.currency)}
                    {p.productInfo.price === null ? '' : ' · '}
                    {p.productId}
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
