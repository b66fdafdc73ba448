import { messages, type Shop } from '@balas/contracts';
import SyncRounded from '@mui/icons-material/SyncRounded';
import { Button, Stack, Typography } from '@mui/material';
import { useReconnectShop } from '../api/reconnect-shop.ts';
import { openAuthorizationWindow, showAuthorization } from '../hooks/authorization-window.ts';

/**
 * 'Authorize again' for a shop still waiting for its authorization (the window was closed, or the
 * merchant cancelled on the platform) or whose access lapsed: a fresh authorization in a new window.
 */
export function ReconnectButton({
  shop,
  size = 'small',
  onDark = false,
}: {
  shop: Shop;
  size?: 'small' | 'medium';
  /** On the shop's green banner: a white button. */
  onDark?: boolean;
}) {
  const reconnect = useReconnectShop();
  const start = () => {
    const popup = openAuthorizationWindow();
    reconnect.mutate(shop.id, {
      onSuccess: ({ authUrl }) => showAuthorization(popup, authUrl),
      onError: () => popup?.close(),
    });
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        color={shop.status === 'reconnect' ? 'warning' : 'primary'}
        size={size}
        startIcon={<SyncRounded />}
        sx={
          onDark
            ? { bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: 'primary.light' } }
            : undefined
        }
        loading={reconnect.isPending}
        onClick={start}
      >
        {messages.shops.authorizeAgain}
      </Button>
      {reconnect.error && (
        <Typography variant="caption" color={onDark ? 'inherit' : 'error'} role="alert">
          {reconnect.error.message}
        </Typography>
      )}
    </Stack>
  );
}

/** Marketplace shops that are not connected (yet, or any more) can be authorized again. */
export const canAuthorizeAgain = (shop: Shop) => shop.providerName !== 'website' && shop.status !== 'active';
