import { glossary, limits, type Topic } from '@balas/contracts';
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
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { UnsavedChangesGuard } from '../../../lib/unsaved-changes.tsx';
import { useCurrentShop } from '../../shops/hooks/current-shop.ts';
import { useTopic, useTopicMutations } from '../api/topics.ts';
import { TopicVoucher } from './topic-voucher.tsx';

const g = glossary;
const tabs = [
  {
    kind: 'information' as const,
    label: g.questions,
    limit: limits.categorization,
    help: g.questionsHint,
    entries: (t: Topic) => t.GPTInformation,
  },
  {
    kind: 'response' as const,
    label: g.answers,
    limit: limits.knowledge,
    help: g.answersHint,
    entries: (t: Topic) => t.GPTResponse,
  },
];
type Kind = (typeof tabs)[number]['kind'];

/**
 * /dashboard/topic/{id}: spec §2's tabs Categorization (5 × 200) and Knowledge (10 × 300), named in the
 * merchant's words, and Back. Both editors stay mounted, so switching tabs keeps what was typed;
 * leaving the page with unsaved entries asks first.
 */
export function TopicPage() {
  const { id = '' } = useParams();
  const { shop, isLoading } = useCurrentShop();
  const topic = useTopic(shop?.id ?? '', id);
  const [tab, setTab] = useState(0);
  const [unsaved, setUnsaved] = useState<Record<Kind, boolean>>({ information: false, response: false });
  const markUnsaved = useCallback(
    (kind: Kind, dirty: boolean) => setUnsaved((u) => (u[kind] === dirty ? u : { ...u, [kind]: dirty })),
    [],
  );
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
          <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} sx={{ mb: 2 }} aria-label="Topic entries">
            {tabs.map((t, i) => (
              <Tab
                key={t.kind}
                id={`topic-tab-${i}`}
                aria-controls={`topic-panel-${i}`}
                label={unsaved[t.kind] ? `${t.label} (not saved)` : t.label}
              />
            ))}
          </Tabs>
          {tabs.map((t, i) => (
            <Box
              key={`${t.kind}:${topic.data.id}`}
              role="tabpanel"
              id={`topic-panel-${i}`}
              aria-labelledby={`topic-tab-${i}`}
              hidden={i !== tab}
            >
              <EntriesEditor
                shopId={shop.id}
                topic={topic.data}
                kind={t.kind}
                initial={t.entries(topic.data).map((e) => e.info)}
                limit={t.limit}
                help={t.help}
                onDirtyChange={markUnsaved}
              />
            </Box>
          ))}
          <UnsavedChangesGuard dirty={unsaved.information || unsaved.response} />
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
  onDirtyChange: (kind: Kind, dirty: boolean) => void;
}) {
  const { save } = useTopicMutations(props.shopId);
  const [entries, setEntries] = useState(props.initial.length ? props.initial : ['']);
  const [savedTexts, setSavedTexts] = useState(props.initial);
  const [saved, setSaved] = useState(false);
  const texts = entries.map((e) => e.trim()).filter(Boolean);
  const dirty = texts.join('\u0000') !== savedTexts.join('\u0000');
  const { kind, onDirtyChange } = props;
  const full = entries.length >= props.limit.count;
  const limitId = useId();
  useEffect(() => onDirtyChange(kind, dirty), [kind, dirty, onDirtyChange]);
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
                label={g.topics.entry(kind, i + 1)}
                value={entry}
                onChange={(e) => set(i, e.target.value)}
                helperText={`${entry.length}/${props.limit.length}`}
                slotProps={{
                  htmlInput: { maxLength: props.limit.length },
                  formHelperText: { sx: { textAlign: 'right' } },
                }}
              />
              <IconButton
                aria-label={g.topics.remove(kind, i + 1)}
                onClick={() => setEntries(entries.filter((_e, j) => j !== i))}
              >
                <Close />
              </IconButton>
            </Stack>
          ))}
          {save.error && <Alert severity="error">{(save.error as Error).message}</Alert>}
          {/* The limit is said before it is reached: a count, and once full why nothing more can be added. */}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              startIcon={<Add />}
              disabled={full}
              onClick={() => setEntries([...entries, ''])}
              aria-describedby={limitId}
            >
              {g.topics.add(kind)}
            </Button>
            <Typography
              id={limitId}
              variant="body2"
              color={full ? 'text.primary' : 'text.secondary'}
              data-testid={`${kind}-limit`}
            >
              {full
                ? g.topics.full(kind, props.limit.count)
                : g.topics.count(kind, entries.length, props.limit.count)}
            </Typography>
            <Box sx={{ flex: 1 }} />
            <Button
              variant="contained"
              disabled={save.isPending}
              onClick={async () => {
                try {
                  await save.mutateAsync({ topicId: props.topic.id, kind: props.kind, texts });
                } catch {
                  return; // shown above the buttons; the entries stay as typed
                }
                setEntries(texts.length ? texts : ['']);
                setSavedTexts(texts);
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
