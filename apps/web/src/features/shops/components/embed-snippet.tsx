import type { Shop } from '@balas/contracts';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';

export const embedSnippet = (origin: string, shopId: string) =>
  `<script src="${origin}/widget.js" data-shop="${shopId}" async></script>`;

/** For website shops: the line that puts the chat widget on the merchant's pages, with a copy button. */
export function EmbedSnippet({ shop }: { shop: Shop }) {
  const [copied, setCopied] = useState(false);
  const snippet = embedSnippet(window.location.origin, shop.id);
  const copy = async () => {
    await navigator.clipboard.writeText(snippet);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
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
      </CardContent>
    </Card>
  );
}
