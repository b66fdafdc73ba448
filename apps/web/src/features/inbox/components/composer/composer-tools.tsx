import { type ComposedMessage, chatImageTypesOf, composerWords, type Shop } from '@balas/contracts';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useRef } from 'react';

// The pickers and the picture's preview are chunks of their own, fetched when first opened.
const ImageDialog = lazy(() => import('./image-dialog.tsx').then((m) => ({ default: m.ImageDialog })));
const ProductPicker = lazy(() => import('./product-picker.tsx').then((m) => ({ default: m.ProductPicker })));
const VoucherPicker = lazy(() => import('./voucher-picker.tsx').then((m) => ({ default: m.VoucherPicker })));

export type ComposerOpen = { kind: 'image'; file: File } | { kind: 'product' } | { kind: 'voucher' } | null;

/** The composer's buttons beside the reply box: a picture, a product and (marketplaces) a voucher. */
export function ComposerTools({
  shop,
  disabled,
  onOpen,
}: {
  shop: Shop;
  disabled: boolean;
  onOpen: (open: ComposerOpen) => void;
}) {
  const file = useRef<HTMLInputElement>(null);
  const marketplace = shop.providerName !== 'website';
  return (
    <>
      <input
        ref={file}
        type="file"
        hidden
        accept={chatImageTypesOf(shop.providerName).join(',')}
        aria-label={composerWords.attachImage}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) onOpen({ kind: 'image', file: chosen });
        }}
      />
      <Tooltip title={`${composerWords.attachImage} (${composerWords.imageHint(shop.providerName)})`}>
        <span>
          <IconButton
            aria-label={composerWords.attachImage}
            disabled={disabled}
            onClick={() => file.current?.click()}
          >
            <ImageOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={composerWords.attachProduct}>
        <span>
          <IconButton
            aria-label={composerWords.attachProduct}
            disabled={disabled}
            onClick={() => onOpen({ kind: 'product' })}
          >
            <ShoppingBagOutlined />
          </IconButton>
        </span>
      </Tooltip>
      {marketplace && (
        <Tooltip title={composerWords.attachVoucher}>
          <span>
            <IconButton
              aria-label={composerWords.attachVoucher}
              disabled={disabled}
              onClick={() => onOpen({ kind: 'voucher' })}
            >
              <LocalOfferOutlined />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );
}

/** The open picker or preview, loaded on first use. */
export function ComposerDialogs({
  shop,
  open,
  onClose,
  onSend,
}: {
  shop: Shop;
  open: ComposerOpen;
  onClose: () => void;
  onSend: (message: ComposedMessage) => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open.kind === 'image' && (
        <ImageDialog shop={shop} file={open.file} onClose={onClose} onSend={onSend} />
      )}
      {open.kind === 'product' && <ProductPicker shop={shop} onClose={onClose} onSend={onSend} />}
      {open.kind === 'voucher' && <VoucherPicker shopId={shop.id} onClose={onClose} onSend={onSend} />}
    </Suspense>
  );
}
