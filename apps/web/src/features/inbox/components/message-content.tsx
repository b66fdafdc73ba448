import { cardMessages, messages } from '@balas/contracts';
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

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const size = (v: unknown) => (typeof v === 'number' && v > 0 ? v : null);

/** Every content type of spec §2, for Shopee and Lazada messages; orders, products and vouchers as cards. */
export function MessageContent({ bubble, lazada }: { bubble: Bubble; lazada: boolean }) {
  const shop = useCardShop();
  if (bubble.unreadable || !bubble.content)
    return <Typography sx={{ fontStyle: 'italic' }}>{messages.errors.lazadaContent}</Typography>;
  const refs = shop ? cardsOf(bubble, lazada) : [];
  return lazada ? (
    <LazadaContent type={bubble.type} c={bubble.content} cards={refs.length > 0} />
  ) : (
    <ShopeeContent type={bubble.type} c={bubble.content} cards={refs.length > 0} />
  );
}

/** The message's cards, with skeletons of their size while the cards' chunk loads. */
export function BubbleCards({ bubble, lazada }: { bubble: Bubble; lazada: boolean }) {
  const shop = useCardShop();
  const refs = shop ? cardsOf(bubble, lazada) : [];
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

function ShopeeContent({ type, c, cards }: { type: string; c: Record<string, unknown>; cards: boolean }) {
  const chips: string[] = [];
  if (type === 'faq_unsupported' || c.faq_id) chips.push(`FAQ link${c.faq_id ? ` #${str(c.faq_id)}` : ''}`);
  if (c.notification_for_receiver) chips.push('Notification');
  // Without a shop to look them up in, cards stay the labels of spec §2.
  if (!cards) {
    if (Array.isArray(c.chat_product_infos) && c.chat_product_infos.length) chips.push('Product suggested');
    if (c.voucher_id || c.voucher_code)
      chips.push(`Voucher suggested: ${str(c.voucher_code) || str(c.voucher_id)}`);
    if (c.order_sn) chips.push(`Order ${str(c.order_sn)}`);
    if (c.item_id)
      chips.push(
        type === 'item' ? `Product / FAQ link: item ${str(c.item_id)}` : `Item suggested: ${str(c.item_id)}`,
      );
  }
  const image = str(c.url) || str(c.image_url);
  const text = str(c.text) || (Array.isArray(c.messages) ? c.messages.map(str).join('\n') : '');
  const shown = text || image || chips.length || type === 'sticker' || type === 'video';
  // A message that is only an order, product or voucher is its cards, without a bubble.
  if (!shown && cards) return null;
  return (
    <Stack spacing={0.75}>
      {text && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Typography>}
      {type !== 'sticker' && image && (
        <ChatImage
          src={image}
          width={size(c.thumb_width) ?? size(c.width)}
          height={size(c.thumb_height) ?? size(c.height)}
        />
      )}
      {type === 'sticker' && <Sticker src={image} />}
      {type === 'video' && str(c.video_url) && (
        <Link href={str(c.video_url)} target="_blank" rel="noopener noreferrer">
          Watch video
        </Link>
      )}
      {chips.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {chips.map((label) => (
            <Chip key={label} size="small" label={label} variant="outlined" />
          ))}
        </Stack>
      )}
      {!shown && <Typography color="text.secondary">[{type}]</Typography>}
    </Stack>
  );
}

function LazadaContent({ type, c, cards }: { type: string; c: Record<string, unknown>; cards: boolean }) {
  const text = str(c.txt);
  const title = str(c.title);
  const icon = str(c.iconUrl);
  const action = str(c.actionUrl);
  const image = str(c.imgUrl) || str(c.img_url);
  const item = Boolean(c.itemId || c.item_id);
  const suggested = Boolean(c.suggested);
  if (cards && !text && !image && !suggested) return null;
  return (
    <Stack spacing={0.75}>
      {type === '4' && text ? (
        <Sticker src="" emoji={text} />
      ) : (
        text && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Typography>
      )}
      {title && !cards && (
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
      )}
      {!title && action && !cards && (
        <Chip size="small" label="Lazada Shop Action Button" variant="outlined" />
      )}
      {image && <ChatImage src={image} width={size(c.width)} height={size(c.height)} />}
      {item && !cards && <Chip size="small" label="Lazada Product / FAQ Link" variant="outlined" />}
      {suggested && <Chip size="small" label="Lazada Product Suggested" variant="outlined" />}
    </Stack>
  );
}
