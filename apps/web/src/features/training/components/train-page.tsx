import { limits, messages, type Topic } from '@balas/contracts';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import School from '@mui/icons-material/School';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MoreActions } from '../../../components/more-actions.tsx';
import { useCurrentShop } from '../../shops/hooks/current-shop.ts';
import { useTopicMutations, useTopics } from '../api/topics.ts';

const g = messages.glossary;

/** Train Chatbot: the shop's topics (spec §2 /dashboard/shops/knowledge?shopId=). */
export function TrainPage() {
  const { shop, shops, isLoading } = useCurrentShop();
  const topics = useTopics(shop?.id ?? '');
  const mutations = useTopicMutations(shop?.id ?? '');
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState(false);
  const [deleting, setDeleting] = useState<Topic | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (isLoading) return null;
  if (!shop) return <Navigate to="/dashboard/shops" replace />;
  const list = topics.data ?? [];

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography
          variant="h4"
          component="h1"
          sx={{ flex: 1, minWidth: 0, whiteSpace: 'nowrap', fontSize: { xs: 20, sm: 30 } }}
        >
          Train Chatbot
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ flex: 'none', alignItems: 'center' }}>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setCreating(true)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            New topic
          </Button>
          <MoreActions
            actions={[
              {
                label: 'Files & products',
                icon: <School fontSize="small" />,
                to: `/dashboard/knowledge?shopId=${shop.id}`,
              },
              ...(shops.length > 1
                ? [
                    {
                      label: 'Copy from another shop',
                      icon: <ContentCopy fontSize="small" />,
                      onClick: () =>
                        list.length > 0 ? setError(messages.topics.copyBlocked) : setCopying(true),
                    },
                  ]
                : []),
              {
                label: 'Build My Chatbot guide',
                icon: <MenuBookOutlined fontSize="small" />,
                to: `/dashboard/train?shopId=${shop.id}`,
              },
            ]}
          />
        </Stack>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Topics of {shop.addInformation.name}: what shoppers ask about, and what the bot should know.
      </Typography>
      {error && (
        <Alert severity="warning" onClose={() => setError(null)} sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {topics.isSuccess && list.length === 0 && (
        <Card sx={{ textAlign: 'center', py: 6 }}>
          <Typography variant="h6" component="p">
            {messages.topics.emptyList}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {messages.topics.emptyListAlt}. Start with the questions your shoppers ask most: delivery,
            returns, sizes.
          </Typography>
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            New topic
          </Button>
        </Card>
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}
      >
        {list.map((topic) => (
          <Card key={topic.id}>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <CardActionArea
                component={Link}
                to={`/dashboard/topic/${topic.id}?shopId=${shop.id}`}
                sx={{ p: 2, flex: 1 }}
              >
                <Typography variant="h6" component="h2" noWrap>
                  {topic.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {topic.GPTInformation.length}/{limits.categorization.count} {g.questions.toLowerCase()} ·{' '}
                  {topic.GPTResponse.length}/{limits.knowledge.count} {g.answers.toLowerCase()}
                </Typography>
              </CardActionArea>
              <IconButton
                aria-label={`Delete ${topic.name}`}
                sx={{ mr: 1 }}
                onClick={() =>
                  topic.GPTInformation.length + topic.GPTResponse.length > 0
                    ? setError(messages.topics.deleteBlocked)
                    : setDeleting(topic)
                }
              >
                <DeleteOutlined />
              </IconButton>
            </Stack>
          </Card>
        ))}
      </Box>
      <CreateTopicDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={async (name) => {
          await mutations.create.mutateAsync(name);
          setCreating(false);
        }}
      />
      <CopyDialog
        open={copying}
        shops={shops.filter((s) => s.id !== shop.id).map((s) => ({ id: s.id, name: s.addInformation.name }))}
        onClose={() => setCopying(false)}
        onCopy={async (fromShopId) => {
          try {
            await mutations.copy.mutateAsync(fromShopId);
          } catch (e) {
            setError((e as Error).message);
          }
          setCopying(false);
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        message={messages.topics.deleteConfirm}
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            if (deleting) await mutations.remove.mutateAsync(deleting.id);
          } catch (e) {
            setError((e as Error).message);
          }
          setDeleting(null);
        }}
      />
    </Box>
  );
}

function CreateTopicDialog({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose: () => void;
  onCreate: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(messages.validation.topic);
    try {
      await onCreate(name.trim());
      setName('');
      setError('');
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle>New topic</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label="Topic name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || 'For example: Shipping, Returns, Sizes'}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Create
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function CopyDialog({
  open,
  shops,
  onClose,
  onCopy,
}: {
  open: boolean;
  shops: { id: string; name: string }[];
  onClose: () => void;
  onCopy: (fromShopId: string) => Promise<void>;
}) {
  const [from, setFrom] = useState('');
  const [error, setError] = useState('');
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <Dialog open={open && !confirm} onClose={onClose} fullWidth maxWidth="xs">
        <DialogTitle>Copy topics from another shop</DialogTitle>
        <DialogContent>
          <TextField
            select
            label="Shop"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error}
            sx={{ mt: 1 }}
          >
            {shops.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="contained"
            onClick={() => (from ? setConfirm(true) : setError(messages.validation.shop))}
          >
            Copy
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={open && confirm}
        message={messages.topics.copyConfirm}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          setConfirm(false);
          await onCopy(from);
        }}
      />
    </>
  );
}
