import type { ApprovedAnswer } from '@balas/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useApprovedMutations } from '../api/tests.ts';

const LANGS = [
  { key: 'en', label: 'Answer in English' },
  { key: 'ms', label: 'Answer in Malay' },
  { key: 'zh', label: 'Answer in Chinese' },
] as const;

export interface ApprovedDraft {
  /** The question(s) the answer is for. */
  questions: string[];
  answers?: ApprovedAnswer['answers'];
  /** The bot's reply being corrected, shown for reference. */
  wrongReply?: string;
  /** Editing this approved answer (else a new one). */
  id?: string;
}

/**
 * "Correct this": the merchant's own answer for a question, sent from now on when a shopper asks
 * it in any language (in theirs when the answer is written in it).
 */
export function ApprovedAnswerDialog({
  shopId,
  draft,
  onClose,
  onSaved,
}: {
  shopId: string;
  draft: ApprovedDraft;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const mutations = useApprovedMutations(shopId);
  const [questions, setQuestions] = useState(draft.questions.join('\n'));
  const [answers, setAnswers] = useState<Record<string, string>>({
    en: draft.answers?.en ?? '',
    ms: draft.answers?.ms ?? '',
    zh: draft.answers?.zh ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const saving = mutations.create.isPending || mutations.update.isPending;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      questions: questions
        .split('\n')
        .map((q) => q.trim())
        .filter(Boolean),
      answers: { en: answers.en ?? '', ms: answers.ms ?? '', zh: answers.zh ?? '' },
    };
    try {
      if (draft.id) await mutations.update.mutateAsync({ id: draft.id, body });
      else await mutations.create.mutateAsync(body);
      onSaved?.();
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="approved-dialog-title">
      <Box component="form" onSubmit={save}>
        <DialogTitle id="approved-dialog-title">
          {draft.id ? 'Edit approved answer' : 'Correct this answer'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {draft.wrongReply && (
              <Box>
                <Typography variant="body2" color="text.secondary">
                  The bot replied
                </Typography>
                <Typography
                  variant="body2"
                  sx={{ bgcolor: 'grey.100', p: 1, borderRadius: 1, whiteSpace: 'pre-wrap' }}
                >
                  {draft.wrongReply}
                </Typography>
              </Box>
            )}
            <TextField
              label="Question"
              helperText="One question per line. Shoppers asking the same thing in other words or languages get this answer."
              value={questions}
              onChange={(e) => setQuestions(e.target.value)}
              multiline
              minRows={1}
              required
            />
            {LANGS.map((l) => (
              <TextField
                key={l.key}
                label={l.label}
                value={answers[l.key] ?? ''}
                onChange={(e) => setAnswers((a) => ({ ...a, [l.key]: e.target.value }))}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 2000 } }}
              />
            ))}
            <Typography variant="body2" color="text.secondary">
              Write it in one language or more: shoppers get the one they write in, or the first you wrote.
            </Typography>
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Save answer
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
