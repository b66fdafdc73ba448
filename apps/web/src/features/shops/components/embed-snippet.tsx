import type { Shop } from '@balas/contracts';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';

export const embedSnippet = (origin: string, shopId: string) =>
  `<script src="${origin}/widget.js" data-shop="${shopId}" async></script>`;

/**
 * For website shops: the line that puts the chat widget on the merchant's pages, a copy button, and
 * the widget itself, live, as visitors will see it.
 */
export function EmbedSnippet({ shop }: { shop: Shop }) {
  const [copied, setCopied] = useState(false);
  const snippet = embedSnippet(window.location.origin, shop.id);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopyFailed(false);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure address, a refusal): the merchant selects the line by hand.
      setCopyFailed(true);
    }
  };
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          Add the chat to your website
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Paste this line before the closing &lt;/body&gt; tag of every page where shoppers should see the
          chat button.
        </Typography>
        <Box
          component="pre"
          aria-label="Embed snippet"
          sx={{
            m: 0,
            p: 2,
            borderRadius: 2,
            bgcolor: '#17212b',
            color: '#d9f5e8',
            fontSize: 13,
            overflowX: 'auto',
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {snippet}
        </Box>
        <Button
          sx={{ mt: 1.5 }}
          variant="outlined"
          startIcon={copied ? <CheckRounded /> : <ContentCopyRounded />}
          onClick={copy}
          aria-live="polite"
        >
          {copied ? 'Copied' : 'Copy snippet'}
        </Button>
        {copyFailed && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
            Your browser did not allow copying: select the line above and copy it.
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
          Live preview
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          The chat as your visitors see it. Messages you send here reach your conversations like a visitor’s.
        </Typography>
        <Box
          component="iframe"
          title="Chat widget preview"
          src={`/widget/index.html?shop=${encodeURIComponent(shop.id)}`}
          loading="lazy"
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: 380,
            height: 460,
            border: 1,
            borderColor: 'divider',
            borderRadius: 3,
            boxShadow: '0 12px 32px rgba(23,33,43,.12)',
          }}
        />
      </CardContent>
    </Card>
  );
}
