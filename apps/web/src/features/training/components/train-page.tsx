import { glossary, limits, messages, type ShopCopyPreview, type Topic } from '@balas/contracts';
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
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Snackbar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MoreActions } from '../../../components/more-actions.tsx';
import { useCurrentShop } from '../../shops/hooks/current-shop.ts';
import { ApprovedSection } from '../../tests/components/approved-section.tsx';
import { TestsSection } from '../../tests/components/tests-section.tsx';
import { useCopyPreview, useTopicMutations, useTopics } from '../api/topics.ts';

const g = glossary;

/** Train Chatbot: the shop's topics (spec §2 /dashboard/shops/knowledge?shopId=). */
export function TrainPage() {
  const { shop, shops, isLoading } = useCurrentShop();
  const topics = useTopics(shop?.id ?? '');
  const mutations = useTopicMutations(shop?.id ?? '');
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState(false);
  const [deleting, setDeleting] = useState<Topic | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const navigate = useNavigate();
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
            {g.topics.newTopic}
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
                      label: g.copy.menu,
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
            {g.topics.newTopic}
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
      <TestsSection shopId={shop.id} />
      <ApprovedSection shopId={shop.id} />
      <CreateTopicDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={async (name) => {
          // A new topic opens at once: its questions and answers are what comes next.
          const topic = await mutations.create.mutateAsync(name);
          setCreating(false);
          navigate(`/dashboard/topic/${topic.id}?shopId=${shop.id}`);
        }}
      />
      {copying && (
        <CopyDialog
          shopId={shop.id}
          shopName={shop.addInformation.name}
          shops={shops
            .filter((s) => s.id !== shop.id)
            .map((s) => ({ id: s.id, name: s.addInformation.name }))}
          onClose={() => setCopying(false)}
          onCopy={async (fromShopId) => {
            const copied = await mutations.copy.mutateAsync(fromShopId);
            setCopying(false);
            setNotice(g.copy.done(copied));
          }}
        />
      )}
      <Snackbar open={!!notice} autoHideDuration={6000} onClose={() => setNotice(null)} message={notice} />
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
        <DialogTitle>{g.topics.newTopic}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label={g.topics.nameLabel}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || `${g.topics.nameHint} · ${name.length}/${limits.nameMax}`}
            slotProps={{ htmlInput: { maxLength: limits.nameMax } }}
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

/**
 * Copy from another shop: pick the shop, see what comes (topics, files, product information, counted,
 * and what is left out and why), then copy. Spec §5's question heads the list instead of a bare
 * "Are you sure".
 */
function CopyDialog({
  shopId,
  shopName,
  shops,
  onClose,
  onCopy,
}: {
  shopId: string;
  shopName: string;
  shops: { id: string; name: string }[];
  onClose: () => void;
  onCopy: (fromShopId: string) => Promise<void>;
}) {
  const [from, setFrom] = useState('');
  const [error, setError] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useCopyPreview(shopId, from);
  const p = preview.data;
  const something = !!p && p.topics.count + p.files.count + p.productInfo.entries > 0;
  const copy = async () => {
    if (!from) return setError(messages.validation.shop);
    setBusy(true);
    setFailure(null);
    try {
      await onCopy(from);
    } catch (e) {
      setFailure((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="copy-title">
      <DialogTitle id="copy-title">{g.copy.title}</DialogTitle>
      <DialogContent>
        <TextField
          select
          label={g.copy.from}
          value={from}
          onChange={(e) => {
            setFrom(e.target.value);
            setError('');
            setFailure(null);
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
        {from && preview.isPending && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }} role="status">
            <CircularProgress size={20} aria-hidden />
            <Typography color="text.secondary">{g.copy.checking}</Typography>
          </Stack>
        )}
        {preview.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {(preview.error as Error).message}
          </Alert>
        )}
        {p && <CopySummary preview={p} shopName={shopName} />}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{g.copy.cancel}</Button>
        <Button
          variant="contained"
          disabled={busy || (!!from && (!something || !!p?.blocked))}
          onClick={copy}
        >
          {g.copy.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What a copy brings, counted, and what it leaves out and why. */
export function CopySummary({ preview: p, shopName }: { preview: ShopCopyPreview; shopName: string }) {
  if (p.blocked)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {p.blocked}
      </Alert>
    );
  const brings = [
    ...(p.topics.count ? [g.copy.topics(p.topics.count, p.topics.questions, p.topics.answers)] : []),
    ...(p.files.count ? [g.copy.files(p.files.count, p.files.bytes, p.files.passages)] : []),
    ...(p.productInfo.entries ? [g.copy.productInfo(p.productInfo.entries, p.productInfo.products)] : []),
  ];
  const leaves = [
    ...(p.files.notReady ? [g.copy.filesNotReady(p.files.notReady)] : []),
    ...(p.files.alreadyHere ? [g.copy.filesAlreadyHere(p.files.alreadyHere)] : []),
    ...(p.productInfo.unmatched ? [g.copy.productInfoUnmatched(p.productInfo.unmatched, shopName)] : []),
  ];
  return (
    <Box sx={{ mt: 2 }} data-testid="copy-summary">
      {brings.length === 0 ? (
        <Typography>{g.copy.nothing(p.from.name)}</Typography>
      ) : (
        <>
          <Typography sx={{ fontWeight: 600 }}>{messages.topics.copyConfirm}</Typography>
          <Typography sx={{ mt: 1 }}>{g.copy.willCopy}</Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
            {brings.map((line) => (
              <li key={line}>
                <Typography>{line}</Typography>
              </li>
            ))}
          </Box>
        </>
      )}
      {leaves.length > 0 && (
        <>
          <Typography color="text.secondary" sx={{ mt: 1.5 }}>
            {g.copy.leftOut}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3, color: 'text.secondary' }}>
            {leaves.map((line) => (
              <li key={line}>
                <Typography>{line}</Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
