import { type ApprovedAnswer, type ApprovedTry, testLimits } from '@balas/contracts';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Suspense, useEffect, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useApproved, useApprovedMutations } from '../api/tests.ts';
import type { ApprovedDraft } from './approved-answer-dialog.tsx';
import { ApprovedAnswerDialog } from './lazy-approved-answer-dialog.ts';

const LANG_NAMES = { en: 'English', ms: 'Malay', zh: 'Chinese' } as const;

function TryThreshold({ shopId, threshold }: { shopId: string; threshold: number }) {
  const mutations = useApprovedMutations(shopId);
  const [value, setValue] = useState(threshold);
  const [question, setQuestion] = useState('');
  const [tried, setTried] = useState<ApprovedTry | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(threshold), [threshold]);

  const tryIt = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!question.trim()) return;
    try {
      setTried(await mutations.tryQuestion.mutateAsync({ question, threshold: value }));
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Typography id="threshold-label" variant="body2" sx={{ fontWeight: 600 }}>
        How alike a shopper's question must be: {Math.round(value * 100)}%
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Slider
          aria-labelledby="threshold-label"
          min={testLimits.thresholdMin}
          max={testLimits.thresholdMax}
          step={0.05}
          value={value}
          onChange={(_e, v) => setValue(v as number)}
          sx={{ flex: 1, minWidth: 160, maxWidth: 360 }}
        />
        <Button
          size="small"
          disabled={value === threshold || mutations.threshold.isPending}
          onClick={() => mutations.threshold.mutate(value)}
        >
          Save threshold
        </Button>
      </Stack>
      <Box component="form" onSubmit={tryIt} sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Try a shopper's question"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          sx={{ flex: 1, minWidth: 200 }}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" variant="outlined" disabled={!question.trim()}>
          Try
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {tried && (
        <Alert severity={tried.best?.sent ? 'success' : 'info'} sx={{ mt: 1 }} role="status">
          {tried.best
            ? `${Math.round(tried.best.score * 100)}% alike “${tried.best.question}”: ${
                tried.best.sent
                  ? `the shopper gets “${tried.reply}”`
                  : 'below the threshold, the bot answers by itself'
              }`
            : 'No approved answer is about this question: the bot answers by itself.'}
        </Alert>
      )}
    </Box>
  );
}

function AnswerRow({
  answer,
  onEdit,
  onDelete,
}: {
  answer: ApprovedAnswer;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5 }}
      data-testid="approved-answer"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {answer.questions.map((q) => (
            <Typography key={q} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {q}
            </Typography>
          ))}
          {(Object.keys(LANG_NAMES) as (keyof typeof LANG_NAMES)[]).map((l) =>
            answer.answers[l] ? (
              <Typography key={l} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {LANG_NAMES[l]}:{' '}
                </Box>
                {answer.answers[l]}
              </Typography>
            ) : null,
          )}
          <Typography variant="body2" color="text.secondary">
            Sent {answer.sent} time{answer.sent === 1 ? '' : 's'} in the last 30 days
          </Typography>
        </Box>
        <IconButton size="small" aria-label={`Edit the answer to ${answer.questions[0]}`} onClick={onEdit}>
          <EditOutlined fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Delete the answer to ${answer.questions[0]}`}
          onClick={onDelete}
        >
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Stack>
    </Box>
  );
}

/** The merchant's approved answers: listed, edited, deleted, and the threshold they are sent at, tried. */
export function ApprovedSection({ shopId }: { shopId: string }) {
  const approved = useApproved(shopId);
  const mutations = useApprovedMutations(shopId);
  const [draft, setDraft] = useState<ApprovedDraft | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = approved.data;

  return (
    <Card component="section" aria-labelledby="approved-title" sx={{ mt: 3 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography id="approved-title" variant="h5" component="h2" sx={{ flex: 1 }}>
            Approved answers
          </Typography>
          <Button startIcon={<Add />} onClick={() => setDraft({ questions: [] })}>
            Add
          </Button>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your own answers, sent instead of the bot's when a shopper asks the same question, in any language.
        </Typography>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {data && <TryThreshold shopId={shopId} threshold={data.threshold} />}
        {data && data.answers.length === 0 && (
          <Typography color="text.secondary">
            None yet. Use “Correct this” on a bot reply in the Inbox, the simulator or a failed test.
          </Typography>
        )}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data?.answers.map((a) => (
            <AnswerRow
              key={a.id}
              answer={a}
              onEdit={() => setDraft({ id: a.id, questions: a.questions, answers: a.answers })}
              onDelete={() => setDeleting(a.id)}
            />
          ))}
        </Stack>
      </CardContent>
      {draft && (
        <Suspense fallback={null}>
          <ApprovedAnswerDialog shopId={shopId} draft={draft} onClose={() => setDraft(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message="Delete this approved answer? The bot answers this question by itself again."
        confirmLabel="Delete"
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            if (deleting) await mutations.remove.mutateAsync(deleting);
          } catch (e) {
            setError((e as Error).message);
          }
          setDeleting(null);
        }}
      />
    </Card>
  );
}
