import { messages } from '@balas/contracts';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import type { Bubble } from '../api/messages.ts';

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Every content type of spec §2, for Shopee and Lazada messages. */
export function MessageContent({ bubble, lazada }: { bubble: Bubble; lazada: boolean }) {
  if (bubble.unreadable || !bubble.content)
    return <Typography sx={{ fontStyle: 'italic' }}>{messages.errors.lazadaContent}</Typography>;
  return lazada ? (
    <LazadaContent c={bubble.content} />
  ) : (
    <ShopeeContent type={bubble.type} c={bubble.content} />
  );
}

function ShopeeContent({ type, c }: { type: string; c: Record<string, unknown> }) {
  const chips: string[] = [];
  if (type === 'faq_unsupported' || c.faq_id) chips.push(`FAQ link${c.faq_id ? ` #${str(c.faq_id)}` : ''}`);
  if (Array.isArray(c.chat_product_infos) && c.chat_product_infos.length) chips.push('Product suggested');
  if (c.voucher_id || c.voucher_code)
    chips.push(`Voucher suggested: ${str(c.voucher_code) || str(c.voucher_id)}`);
  if (c.notification_for_receiver) chips.push('Notification');
  if (c.order_sn) chips.push(`Order ${str(c.order_sn)}`);
  if (c.item_id)
    chips.push(
      type === 'item' ? `Product / FAQ link: item ${str(c.item_id)}` : `Item suggested: ${str(c.item_id)}`,
    );
  const image = str(c.url) || str(c.image_url);
  const text = str(c.text) || (Array.isArray(c.messages) ? c.messages.map(str).join('\n') : '');
  return (
    <Stack spacing={0.75}>
      {text && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Typography>}
      {(type === 'image' || (image && type !== 'sticker')) && image && (
        <Box
          component="img"
          src={image}
          alt="Image sent in the chat"
          sx={{ maxWidth: 220, borderRadius: 1.5 }}
        />
      )}
      {type === 'sticker' &&
        (image ? (
          <Box component="img" src={image} alt="Sticker" sx={{ width: 96 }} />
        ) : (
          <Typography sx={{ fontSize: 32 }}>🙂</Typography>
        ))}
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
      {!text && !image && !chips.length && type !== 'sticker' && type !== 'video' && (
        <Typography color="text.secondary">[{type}]</Typography>
      )}
    </Stack>
  );
}

function LazadaContent({ c }: { c: Record<string, unknown> }) {
  const text = str(c.txt);
  const title = str(c.title);
  const icon = str(c.iconUrl);
  const action = str(c.actionUrl);
  const image = str(c.imgUrl) || str(c.img_url);
  return (
    <Stack spacing={0.75}>
      {text && <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text}</Typography>}
      {title && (
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
              sx={{ width: 40, height: 40, borderRadius: 1, objectFit: 'cover' }}
            />
          )}
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Stack>
      )}
      {!title && action && <Chip size="small" label="Lazada Shop Action Button" variant="outlined" />}
      {image && (
        <Box
          component="img"
          src={image}
          alt="Image sent in the chat"
          sx={{ maxWidth: 220, borderRadius: 1.5 }}
        />
      )}
      {Boolean(c.itemId || c.item_id) && (
        <Chip size="small" label="Lazada Product / FAQ Link" variant="outlined" />
      )}
      {Boolean(c.suggested) && <Chip size="small" label="Lazada Product Suggested" variant="outlined" />}
    </Stack>
  );
}
