import { messages, type Shop } from '@balas/contracts';
import SyncRounded from '@mui/icons-material/SyncRounded';
import { Button, Stack, Typography } from '@mui/material';
import { useReconnectShop } from '../api/reconnect-shop.ts';

/** Restarts the authorization of a shop whose marketplace access lapsed, in a new window. */
export function ReconnectButton({ shop }: { shop: Shop }) {
  const reconnect = useReconnectShop();
  const start = () => {
    // Opened within the click so pop-up blockers allow it; pointed at the platform once we know where.
    const popup = window.open('', '_blank');
    reconnect.mutate(shop.id, {
      onSuccess: ({ authUrl }) => {
        if (popup) popup.location.href = authUrl;
        else window.open(authUrl, '_blank');
      },
      onError: () => popup?.close(),
    });
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        color="warning"
        size="small"
        startIcon={<SyncRounded />}
        loading={reconnect.isPending}
        onClick={start}
      >
        {messages.shops.reconnect}
      </Button>
      {reconnect.error && (
        <Typography variant="caption" color="error" role="alert">
          {reconnect.error.message}
        </Typography>
      )}
    </Stack>
  );
}
