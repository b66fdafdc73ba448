import { cardMessages, type LookupProblem } from '@balas/contracts';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { cardHeights } from './card-refs.ts';

/**
 * The frame every chat card shares. Cards have a fixed height per kind, and their skeleton and their
 * failure state take the same height, so a card that loads, fails or is retried never moves the chat.
 */
export const CARD_WIDTH = 300;
export type CardKind = keyof typeof cardHeights;

export function CardFrame({
  kind,
  label,
  busy = false,
  children,
}: {
  kind: CardKind;
  /** What the card is, for assistive technology (e.g. "Order 2611…"). */
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      aria-busy={busy || undefined}
      data-card={kind}
      sx={{
        width: CARD_WIDTH,
        maxWidth: '100%',
        height: cardHeights[kind],
        boxSizing: 'border-box',
        p: 1.25,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        color: 'text.primary',
        overflow: 'hidden',
        textAlign: 'left',
      }}
    >
      {children}
    </Box>
  );
}

/** A card being looked up: the shape of the card, the same size. */
export function CardSkeleton({ kind, label }: { kind: CardKind; label: string }) {
  const rows = kind === 'order' ? 5 : kind === 'product' ? 2 : 1;
  return (
    <CardFrame kind={kind} label={label} busy>
      <Stack direction="row" spacing={1.25} sx={{ height: '100%' }}>
        {kind !== 'order' && (
          <Skeleton
            variant="rounded"
            width={kind === 'product' ? 72 : 44}
            height={kind === 'product' ? 72 : 44}
          />
        )}
        <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
          {Array.from({ length: rows + 1 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <Skeleton key={i} variant="text" width={i === 0 ? '60%' : i % 2 ? '90%' : '75%'} />
          ))}
        </Stack>
      </Stack>
    </CardFrame>
  );
}

/** A lookup that did not give the card: the id, why, and a retry. Never an error page. */
export function CardProblem({
  kind,
  title,
  message,
  retrying,
  onRetry,
}: {
  kind: CardKind;
  title: string;
  message: string;
  retrying?: boolean;
  /** Absent when trying again cannot help (e.g. the order is not in this shop). */
  onRetry?: () => void;
}) {
  return (
    <CardFrame kind={kind} label={title}>
      <Stack spacing={0.5} sx={{ height: '100%', justifyContent: 'center' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 26 }}>
          <Typography variant="body2" sx={{ fontWeight: 700, flex: 1, minWidth: 0 }} noWrap>
            {title}
          </Typography>
          {onRetry && (
            <Button
              size="small"
              variant="outlined"
              onClick={onRetry}
              disabled={retrying}
              sx={{ py: 0, flex: 'none' }}
            >
              {cardMessages.retry}
            </Button>
          )}
        </Stack>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: { order: 3, product: 2, voucher: 1 }[kind],
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {message}
        </Typography>
      </Stack>
    </CardFrame>
  );
}

/** A picture sent or shown in the chat: sized before it loads, loaded lazily, with its alt text. */
export function Thumb({
  src,
  alt,
  size,
  height = size,
  radius = 1,
}: {
  src: string | null;
  alt: string;
  size: number;
  height?: number;
  radius?: number;
}) {
  const [broken, setBroken] = useState(false);
  if (!src || broken)
    return (
      <Box
        role="img"
        aria-label={alt}
        sx={{
          width: size,
          height,
          flex: 'none',
          borderRadius: radius,
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.disabled',
        }}
      >
        <ImageOutlined fontSize="small" />
      </Box>
    );
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      width={size}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
      sx={{
        width: size,
        height,
        flex: 'none',
        borderRadius: radius,
        objectFit: 'cover',
        bgcolor: 'action.hover',
      }}
    />
  );
}

// One formatter per currency, made on first use: a chat lists many cards, and making a formatter
// costs about a millisecond on a phone (the first one also loads the locale's data).
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "RM 29.90" in the order's or product's currency; the bare number when the code is unknown. */
export function money(amount: number | string, currency: string | null): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return String(amount);
  const code = currency || 'MYR';
  try {
    let format = moneyFormats.get(code);
    if (!format) {
      format = new Intl.NumberFormat('en-MY', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
      });
      moneyFormats.set(code, format);
    }
    return format.format(value);
  } catch {
    return `${currency ?? ''} ${value.toFixed(2)}`.trim();
  }
}

/**
 * A looked-up card in every state: a skeleton of its size while loading, the id with Retry when the
 * lookup failed or the platform could not answer, a plain note when it is not in the shop.
 */
export function LookupCard({
  kind,
  title,
  query,
  notFound,
  found,
  canRetry = () => true,
}: {
  kind: CardKind;
  title: string;
  query: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    data: { result: 'found' | 'not_found' | 'unavailable'; problem?: LookupProblem | null } | undefined;
    refetch: () => unknown;
  };
  notFound: string;
  /** The card when found, or null when the answer holds nothing to show. */
  found: () => ReactNode | null;
  canRetry?: (problem: LookupProblem | null | undefined) => boolean;
}) {
  if (query.isPending) return <CardSkeleton kind={kind} label={title} />;
  const retry = () => void query.refetch();
  const answer = query.data;
  if (query.isError || !answer)
    return (
      <CardProblem
        kind={kind}
        title={title}
        message={cardMessages.failed}
        retrying={query.isFetching}
        onRetry={retry}
      />
    );
  const card = answer.result === 'found' ? found() : null;
  if (card) return card;
  if (answer.result === 'not_found') return <CardProblem kind={kind} title={title} message={notFound} />;
  return (
    <CardProblem
      kind={kind}
      title={title}
      message={answer.problem?.message ?? cardMessages.failed}
      retrying={query.isFetching}
      onRetry={canRetry(answer.problem) ? retry : undefined}
    />
  );
}
