import { type TestResult, type TestsOverview, testWords } from '@balas/contracts';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useTestMutations, useTests } from '../api/tests.ts';
import { CorrectThisButton } from './correct-this-button.tsx';
import type { TestDraft } from './test-question-dialog.tsx';

// The dialog (its form) is loaded when a merchant first opens it.
const TestQuestionDialog = lazy(() =>
  import('./test-question-dialog.tsx').then((m) => ({ default: m.TestQuestionDialog })),
);

const percent = (passed: number, total: number) => (total === 0 ? 0 : Math.round((100 * passed) / total));

function RunFigures({ data }: { data: TestsOverview }) {
  const { latest, previous } = data;
  if (!latest) return <Typography color="text.secondary">Not run yet.</Typography>;
  const now = percent(latest.passed, latest.total);
  const before = previous ? percent(previous.passed, previous.total) : null;
  const dropped = before !== null && now < before;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography sx={{ fontWeight: 700 }} data-testid="tests-pass-rate">
        {latest.passed} of {latest.total} pass ({now}%)
      </Typography>
      {before !== null && (
        <Typography
          variant="body2"
          color={dropped ? 'error.main' : 'text.secondary'}
          sx={{ fontWeight: dropped ? 700 : 400 }}
        >
          {dropped ? `down from ${before}%` : `was ${before}%`}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        · {latest.trigger === 'training' ? 'after a training change' : 'run by hand'},{' '}
        {new Date(latest.finishedAt ?? latest.createdAt).toLocaleString()}
      </Typography>
    </Stack>
  );
}

function ResultDetail({ result, shopId }: { result: TestResult; shopId: string }) {
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {result.change === 'regressed' ? 'Now replies' : 'Replied'}
        {result.approved ? ` (${testWords.approvedSource.toLowerCase()})` : ''}
      </Typography>
      <Typography variant="body2" sx={{ bgcolor: 'grey.100', p: 1, borderRadius: 1, whiteSpace: 'pre-wrap' }}>
        {result.reply}
      </Typography>
      {result.previousReply !== null && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {result.change === 'regressed' ? 'Was replying (right)' : 'Was replying'}
          </Typography>
          <Typography
            variant="body2"
            sx={{ bgcolor: 'grey.100', p: 1, borderRadius: 1, whiteSpace: 'pre-wrap' }}
          >
            {result.previousReply}
          </Typography>
        </>
      )}
      {!result.passed && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="error.main" sx={{ flex: 1, minWidth: 200 }}>
            {result.missing.length > 0
              ? `Missing: ${result.missing.map((forms) => forms[0]).join(', ')}`
              : result.handover
                ? 'Handed over instead of answering'
                : 'Answered instead of handing over'}
          </Typography>
          <CorrectThisButton shopId={shopId} question={result.question} reply={result.reply} />
        </Stack>
      )}
    </Box>
  );
}

/** The shop's test questions: add, edit, run all, and each result with what changed since the run before. */
export function TestsSection({ shopId }: { shopId: string }) {
  const tests = useTests(shopId);
  const mutations = useTestMutations(shopId);
  const [draft, setDraft] = useState<TestDraft | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const data = tests.data;
  const results = new Map((data?.results ?? []).map((r) => [r.questionId, r]));
  const running = data?.running || mutations.run.isPending;

  return (
    <Card component="section" aria-labelledby="tests-title" sx={{ mt: 4 }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id="tests-title" variant="h5" component="h2" sx={{ flex: 1, minWidth: 120 }}>
            Tests
          </Typography>
          <Button startIcon={<Add />} onClick={() => setDraft({ question: '' })}>
            Add test question
          </Button>
          <Button
            variant="contained"
            startIcon={running ? <CircularProgress size={16} color="inherit" /> : <PlayArrow />}
            disabled={running || (data?.questions.length ?? 0) === 0}
            onClick={async () => {
              try {
                await mutations.run.mutateAsync();
              } catch (e) {
                setError((e as Error).message);
              }
            }}
          >
            {running ? 'Running…' : 'Run all'}
          </Button>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Questions with what a right answer must say. They run again by themselves after every training
          change.
        </Typography>
        {error && (
          <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {data && <RunFigures data={data} />}
        {data && data.questions.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No test questions yet. Add one here, or use “Save as test” in the simulator.
          </Typography>
        )}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {data?.questions.map((q) => {
            const result = results.get(q.id);
            return (
              <Box
                component="li"
                key={q.id}
                sx={{
                  border: 1,
                  borderColor: result?.change === 'regressed' ? 'error.main' : 'divider',
                  borderRadius: 2,
                  p: 1.5,
                }}
                data-testid="test-question"
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{q.question}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {q.expect === 'handover'
                        ? 'Should hand over'
                        : `Must say: ${q.facts.map((forms) => forms.join(' or ')).join('; ')}`}
                    </Typography>
                  </Box>
                  {result && (
                    <Chip
                      size="small"
                      color={result.passed ? 'success' : 'error'}
                      label={result.passed ? 'Pass' : 'Fail'}
                    />
                  )}
                  <IconButton
                    size="small"
                    aria-label={`Edit ${q.question}`}
                    onClick={() =>
                      setDraft({ id: q.id, question: q.question, expect: q.expect, facts: q.facts })
                    }
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Delete ${q.question}`}
                    onClick={() => setDeleting(q.id)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Stack>
                {result && result.change !== 'same' && result.change !== 'new' && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={result.change === 'regressed' ? 'error' : 'success'}
                    label={testWords.change[result.change]}
                    sx={{ mt: 0.5 }}
                  />
                )}
                {result && (!result.passed || result.change !== 'same') && (
                  <ResultDetail result={result} shopId={shopId} />
                )}
              </Box>
            );
          })}
        </Stack>
      </CardContent>
      {draft && (
        <Suspense fallback={null}>
          <TestQuestionDialog shopId={shopId} draft={draft} onClose={() => setDraft(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message="Delete this test question and its results?"
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
