import { type MessageContent as Canonical, cardMessages, messages } from '@balas/contracts';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { Bubble } from '../api/messages.ts';
import type { CardShop } from '../api/orders.ts';
import { CardSkeleton } from './cards/card-frame.tsx';
import { type CardRef, cardsOf } from './cards/card-refs.ts';
import { useCardShop } from './cards/card-shop.ts';

// The cards and their lookups are a chunk of their own, fetched when a chat first shows one.
const MessageCards = lazy(() =>
  import('./cards/message-cards.tsx').then((m) => ({ default: m.MessageCards })),
);

/** Every kind of message (spec §2), the same for each platform; orders, products and vouchers as cards. */
export function MessageContent({ bubble }: { bubble: Bubble }) {
  const shop = useCardShop();
  if (bubble.unreadable)
    return <Typography sx={{ fontStyle: 'italic' }}>{messages.errors.lazadaContent}</Typography>;
  const refs = shop ? cardsOf(bubble) : [];
  return <Content c={bubble.content} cards={refs.length > 0} />;
}

/** The message's cards, with skeletons of their size while the cards' chunk loads. */
export function BubbleCards({ bubble }: { bubble: Bubble }) {
  const shop = useCardShop();
  const refs = shop ? cardsOf(bubble) : [];
  if (!shop || !refs.length) return null;
  return <Cards shop={shop} refs={refs} />;
}

function Cards({ shop, refs }: { shop: CardShop; refs: CardRef[] }) {
  return (
    <Suspense
      fallback={
        <Stack spacing={0.75}>
          {refs.map((r) => (
            <CardSkeleton key={`${r.kind}:${r.id}`} kind={r.kind} label={cardMessages[r.kind](r.id)} />
          ))}
        </Stack>
      }
    >
      <MessageCards shop={shop} refs={refs} />
    </Suspense>
  );
}

/** A picture sent in the chat: its box sized before it loads (from the message when it says), lazy. */
function ChatImage({ src, width, height }: { src: string; width: number | null; height: number | null }) {
  const w = 220;
  const h = width && height ? Math.round((w * height) / width) : 165;
  return (
    <Box
      component="img"
      src={src}
      alt={cardMessages.image}
      width={w}
      height={h}
      loading="lazy"
      decoding="async"
      sx={{
        width: w,
        maxWidth: '100%',
        height: 'auto',
        aspectRatio: `${w} / ${h}`,
        objectFit: 'cover',
        borderRadius: 1.5,
        bgcolor: 'action.hover',
      }}
    />
  );
}

function Sticker({ src, emoji }: { src: string; emoji?: string }) {
  return src ? (
    <Box
      component="img"
      src={src}
      alt={cardMessages.sticker}
      width={96}
      height={96}
      loading="lazy"
      decoding="async"
      sx={{ width: 96, height: 96, objectFit: 'contain' }}
    />
  ) : (
    <Typography role="img" aria-label={cardMessages.sticker} sx={{ fontSize: 40, lineHeight: '56px' }}>
      {emoji || '🙂'}
    </Typography>
  );
}

const pre = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

function Chips({ labels }: { labels: string[] }) {
  if (!labels.length) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {labels.map((label) => (
        <Chip key={label} size="small" label={label} variant="outlined" />
      ))}
    </Stack>
  );
}

/** A message's own content; a message that is only an order, product or voucher is its cards. */
function Content({ c, cards }: { c: Canonical; cards: boolean }) {
  switch (c.kind) {
    case 'text':
      return (
        <Stack spacing={0.75}>
          <Typography sx={pre}>{c.text}</Typography>
          {c.notice && <Chips labels={[cardMessages.notice]} />}
        </Stack>
      );
    case 'image':
      return <ChatImage src={c.url} width={c.width ?? null} height={c.height ?? null} />;
    case 'sticker':
      return <Sticker src={c.url ?? ''} emoji={c.emoji} />;
    case 'video':
      return c.url ? (
        <Link href={c.url} target="_blank" rel="noopener noreferrer">
          {cardMessages.watchVideo}
        </Link>
      ) : (
        <Typography color="text.secondary">[{cardMessages.video}]</Typography>
      );
    case 'product': {
      if (cards && !c.suggested) return null;
      const first = c.products[0]!;
      return (
        <Stack spacing={0.75}>
          {!cards && first.name && <LinkCard title={first.name} icon={first.image ?? undefined} />}
          <Chips
            labels={[
              c.suggested
                ? cardMessages.productsSuggested
                : cardMessages.productLink(c.products.map((p) => p.id).join(', ')),
            ]}
          />
        </Stack>
      );
    }
    case 'order':
      return cards ? null : <Chips labels={[cardMessages.orderLabel(c.orderId)]} />;
    case 'voucher':
      return cards ? null : <Chips labels={[cardMessages.voucherSuggested(c.code ?? c.voucherId)]} />;
    case 'link':
      return (
        <Stack spacing={0.75}>
          {c.text && <Typography sx={pre}>{c.text}</Typography>}
          {c.title && <LinkCard title={c.title} icon={c.icon} />}
          <Chips
            labels={[
              ...(c.faqId !== undefined || (!c.title && !c.url) ? [cardMessages.faqLink(c.faqId)] : []),
              ...(!c.title && c.url ? [cardMessages.shopAction] : []),
              ...(c.product ? [cardMessages.productsSuggested] : []),
            ]}
          />
        </Stack>
      );
    case 'other':
      return <Typography color="text.secondary">[{c.label}]</Typography>;
  }
}

function LinkCard({ title, icon }: { title: string; icon?: string | undefined }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', bgcolor: 'rgba(0,0,0,.04)', borderRadius: 1.5, p: 1 }}
    >
      {icon && (
        <Box
          component="img"
          src={icon}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          sx={{ width: 40, height: 40, borderRadius: 1, objectFit: 'cover' }}
        />
      )}
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
    </Stack>
  );
}
