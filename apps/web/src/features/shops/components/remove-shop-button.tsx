import { messages, type Shop } from '@balas/contracts';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteShop } from '../api/delete-shop.ts';

/** Removes the shop after a confirmation, then returns to the list. */
export function RemoveShopButton({ shop }: { shop: Shop }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteShop();
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(shop.id, {
      onSuccess: () => navigate('/dashboard/shops', { replace: true }),
      onSettled: () => setOpen(false),
    });
  return (
    <Card sx={{ borderColor: 'error.light', containerType: 'inline-size' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: 2,
            '@container (min-width: 560px)': {
              flexDirection: 'row',
              alignItems: 'center',
              justifyContent: 'space-between',
            },
          }}
        >
          <div>
            <Typography variant="h6" component="h2">
              Remove this shop
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Its conversations, training and files are deleted from Balas.
            </Typography>
          </div>
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteOutlineRounded />}
            onClick={() => setOpen(true)}
            sx={{ flexShrink: 0 }}
          >
            Remove shop
          </Button>
        </Box>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {remove.error.message}
          </Alert>
        )}
      </CardContent>
      <ConfirmDialog
        open={open}
        message={messages.shops.removeConfirm}
        confirmLabel="Remove shop"
        destructive
        busy={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
      />
    </Card>
  );
}
