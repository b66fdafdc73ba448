import { limits, type Topic } from '@balas/contracts';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Snackbar,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useCurrentShop } from '../../shops/hooks/current-shop.ts';
import { useTopic, useTopicMutations } from '../api/topics.ts';
import { TopicVoucher } from './topic-voucher.tsx';

const tabs = [
  {
    kind: 'information' as const,
    label: 'Categorization',
    limit: limits.categorization,
    help: 'Describe the shopper messages that belong to this topic. The bot uses these to pick the topic.',
    entries: (t: Topic) => t.GPTInformation,
  },
  {
    kind: 'response' as const,
    label: 'Knowledge',
    limit: limits.knowledge,
    help: 'The facts the bot may answer with for this topic: one fact or policy per entry.',
    entries: (t: Topic) => t.GPTResponse,
  },
];

/** /dashboard/topic/{id}: tabs Categorization (5 × 200) and Knowledge (10 × 300), Back link. */
export function TopicPage() {
  const { id = '' } = useParams();
  const { shop, isLoading } = useCurrentShop();
  const topic = useTopic(shop?.id ?? '', id);
  const [tab, setTab] = useState(0);
  if (isLoading) return null;
  if (!shop) return <Navigate to="/dashboard/shops" replace />;
  return (
    <Box sx={{ maxWidth: 860 }}>
      <Button
        component={Link}
        to={`/dashboard/shops/knowledge?shopId=${shop.id}`}
        startIcon={<ArrowBack />}
        sx={{ mb: 1 }}
      >
        Back
      </Button>
      {topic.error && <Alert severity="error">{(topic.error as Error).message}</Alert>}
      {topic.data && (
        <>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {topic.data.name}
          </Typography>
          <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }}>
            {tabs.map((t) => (
              <Tab key={t.kind} label={t.label} />
            ))}
          </Tabs>
          {tabs.map(
            (t, i) =>
              i === tab && (
                <EntriesEditor
                  key={`${t.kind}:${topic.data.id}`}
                  shopId={shop.id}
                  topic={topic.data}
                  kind={t.kind}
                  initial={t.entries(topic.data).map((e) => e.info)}
                  limit={t.limit}
                  help={t.help}
                />
              ),
          )}
          <TopicVoucher shop={shop} topic={topic.data} />
        </>
      )}
    </Box>
  );
}

function EntriesEditor(props: {
  shopId: string;
  topic: Topic;
  kind: 'information' | 'response';
  initial: string[];
  limit: { count: number; length: number };
  help: string;
}) {
  const { save } = useTopicMutations(props.shopId);
  const [entries, setEntries] = useState(props.initial.length ? props.initial : ['']);
  const [saved, setSaved] = useState(false);
  const set = (i: number, value: string) =>
    setEntries(entries.map((e, j) => (j === i ? value.slice(0, props.limit.length) : e)));
  return (
    <Card>
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {props.help}
        </Typography>
        <Stack spacing={2}>
          {entries.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are positional; the index is their identity while editing
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                multiline
                minRows={2}
                label={`Entry ${i + 1}`}
                value={entry}
                onChange={(e) => set(i, e.target.value)}
                helperText={`${entry.length}/${props.limit.length}`}
                slotProps={{
                  htmlInput: { maxLength: props.limit.length },
                  formHelperText: { sx: { textAlign: 'right' } },
                }}
              />
              <IconButton
                aria-label={`Remove entry ${i + 1}`}
                onClick={() => setEntries(entries.filter((_e, j) => j !== i))}
              >
                <Close />
              </IconButton>
            </Stack>
          ))}
          {save.error && <Alert severity="error">{(save.error as Error).message}</Alert>}
          <Stack direction="row" spacing={2}>
            <Button
              startIcon={<Add />}
              disabled={entries.length >= props.limit.count}
              onClick={() => setEntries([...entries, ''])}
            >
              Add entry ({entries.length}/{props.limit.count})
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              disabled={save.isPending}
              onClick={async () => {
                const texts = entries.map((e) => e.trim()).filter(Boolean);
                await save.mutateAsync({ topicId: props.topic.id, kind: props.kind, texts });
                setEntries(texts.length ? texts : ['']);
                setSaved(true);
              }}
            >
              Save
            </Button>
          </Stack>
        </Stack>
        <Snackbar open={saved} autoHideDuration={2000} onClose={() => setSaved(false)} message="Saved" />
      </CardContent>
    </Card>
  );
}
