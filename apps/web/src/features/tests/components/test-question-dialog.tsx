import type { TestQuestion, TestQuestionBody } from '@balas/contracts';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTestMutations } from '../api/tests.ts';

/** Key facts as the merchant types them: one a line, its other forms after "|". */
export const factsToText = (facts: string[][]) => facts.map((forms) => forms.join(' | ')).join('\n');
export const textToFacts = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .map((f) => f.trim())
        .filter(Boolean),
    )
    .filter((forms) => forms.length > 0);

export interface TestDraft {
  question: string;
  expect?: TestQuestion['expect'];
  facts?: string[][];
  origin?: TestQuestionBody['origin'];
  id?: string;
}

/** Adds or edits a test question: what a right answer must say, or that the bot should hand over. */
export function TestQuestionDialog({
  shopId,
  draft,
  onClose,
  onSaved,
}: {
  shopId: string;
  draft: TestDraft;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const mutations = useTestMutations(shopId);
  const [question, setQuestion] = useState(draft.question);
  const [expect, setExpect] = useState<TestQuestion['expect']>(draft.expect ?? 'answer');
  const [facts, setFacts] = useState(factsToText(draft.facts ?? []));
  const [error, setError] = useState<string | null>(null);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const body: TestQuestionBody = {
      question,
      expect,
      facts: expect === 'answer' ? textToFacts(facts) : [],
      origin: draft.origin ?? 'manual',
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="test-dialog-title">
      <Box component="form" onSubmit={save}>
        <DialogTitle id="test-dialog-title">
          {draft.id ? 'Edit test question' : 'Save as test question'}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Question"
              helperText="As a shopper would ask it, in English, Malay or Chinese."
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
            <RadioGroup
              aria-label="A right answer"
              value={expect}
              onChange={(e) => setExpect(e.target.value as TestQuestion['expect'])}
            >
              <FormControlLabel
                value="answer"
                control={<Radio />}
                label="The answer must say these key facts"
              />
              <FormControlLabel
                value="handover"
                control={<Radio />}
                label="The bot should hand over to my team"
              />
            </RadioGroup>
            {expect === 'answer' && (
              <TextField
                label="Key facts"
                helperText='One fact per line; other ways to say it after "|", e.g. RM12 | 12 ringgit'
                value={facts}
                onChange={(e) => setFacts(e.target.value)}
                multiline
                minRows={2}
              />
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={mutations.create.isPending || mutations.update.isPending}
          >
            Save test
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
