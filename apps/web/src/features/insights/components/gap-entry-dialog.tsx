import {
  glossary,
  insightsMessages,
  type KnowledgeGap,
  limits,
  messages,
  simulatorOf,
} from '@balas/contracts';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { randomConversation, type SimulatorAnswer, useAsk } from '../../simulator/api/simulator.ts';
import { useTopics } from '../../training/api/topics.ts';
import { useGapMutations } from '../api/insights.ts';

const NEW_TOPIC = '__new__';
const FIELDS = ['topicId', 'newTopicName', 'categorization', 'knowledge'];

/**
 * One click from a knowledge gap to training: pick a topic or name a new one; the question is
 * prefilled as what shoppers ask, and what the shop replied in the chat (if anyone did) as the
 * answer. Once saved, the simulator is asked the question and its answer is shown.
 */
export function GapEntryDialog({
  gap,
  provider,
  onClose,
}: {
  gap: KnowledgeGap;
  /** The gap's shop's platform; undefined while the shops load. */
  provider: string | undefined;
  onClose: () => void;
}) {
  const topics = useTopics(gap.shopId);
  const { addEntry } = useGapMutations();
  const ask = useAsk();
  const question = gap.examples[0]?.text ?? '';
  const [topicId, setTopicId] = useState('');
  const [newTopic, setNewTopic] = useState('');
  const [categorization, setCategorization] = useState(question.slice(0, limits.categorization.length));
  const [knowledge, setKnowledge] = useState((gap.shopAnswer?.text ?? '').slice(0, limits.knowledge.length));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<SimulatorAnswer | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const chosen = topicId || (topics.data?.length ? '' : NEW_TOPIC);
  // A full topic is said as soon as it is picked, not after Save: its questions can be left out, its
  // answers cannot (the answer is what the gap needs).
  const picked = topics.data?.find((t) => t.id === chosen);
  const questionsFull =
    !!picked && picked.GPTInformation.length >= limits.categorization.count && !!categorization.trim();
  const answersFull = !!picked && picked.GPTResponse.length >= limits.knowledge.count;
  const topicFull = answersFull
    ? glossary.topics.gapAnswersFull(limits.knowledge.count)
    : questionsFull
      ? glossary.topics.gapQuestionsFull(limits.categorization.count)
      : null;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!chosen) found.topicId = insightsMessages.topicRequired;
    if (chosen === NEW_TOPIC && !newTopic.trim()) found.newTopicName = messages.validation.topic;
    if (!knowledge.trim()) found.knowledge = insightsMessages.knowledgeRequired;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const topic = await addEntry.mutateAsync({
        shopId: gap.shopId,
        questionIds: gap.questionIds,
        ...(chosen === NEW_TOPIC ? { newTopicName: newTopic.trim() } : { topicId: chosen }),
        categorization,
        knowledge,
      });
      setSaved(topic.name);
      setAnswer(await ask.mutateAsync({ question, shopId: gap.shopId, conversation: randomConversation() }));
    } catch (error) {
      const onFields = error instanceof ApiError && Object.keys(error.fields).some((f) => FIELDS.includes(f));
      if (onFields) setErrors((error as ApiError).fields);
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const counter = (value: string, max: number) => `${value.length}/${max}`;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="gap-entry-title">
      <DialogTitle id="gap-entry-title">Teach the bot this answer</DialogTitle>
      {saved ? (
        <>
          <DialogContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <CheckCircleOutlined color="success" aria-hidden />
              <Typography>Saved to the topic “{saved}”.</Typography>
            </Stack>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              The simulator, asked “{question}”
            </Typography>
            {ask.isPending && <CircularProgress size={24} aria-label="Asking the simulator" />}
            {ask.isError && <Alert severity="error">{messages.errors.simulator}</Alert>}
            {answer && (
              <Box
                data-testid="gap-simulator-answer"
                sx={{ bgcolor: 'primary.light', borderRadius: 2, p: 1.5, whiteSpace: 'pre-wrap' }}
              >
                {answer.handover ? (
                  <Typography>
                    The bot still hands this over ({answer.handover.text}). Add more detail to the answer or
                    the question.
                  </Typography>
                ) : (
                  <Typography>{answer.result}</Typography>
                )}
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button component={Link} to={`/dashboard/test/${simulatorOf(provider)}?shopId=${gap.shopId}`}>
              Open the simulator
            </Button>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={save} noValidate>
          <DialogContent>
            <Stack spacing={2.5}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <TextField
                select
                label="Topic"
                value={chosen}
                onChange={(e) => setTopicId(e.target.value)}
                error={!!errors.topicId || !!topicFull}
                helperText={errors.topicId ?? topicFull ?? 'The topic the answer belongs to'}
                disabled={topics.isLoading}
              >
                {(topics.data ?? []).map((t) => (
                  <MenuItem key={t.id} value={t.id}>
                    {glossary.topics.option(t.name, t.GPTInformation.length, t.GPTResponse.length)}
                  </MenuItem>
                ))}
                <MenuItem value={NEW_TOPIC}>New topic…</MenuItem>
              </TextField>
              {chosen === NEW_TOPIC && (
                <TextField
                  label="New topic name"
                  value={newTopic}
                  onChange={(e) => setNewTopic(e.target.value)}
                  error={!!errors.newTopicName}
                  helperText={errors.newTopicName}
                  slotProps={{ htmlInput: { maxLength: limits.nameMax } }}
                  autoFocus
                />
              )}
              <TextField
                label="When shoppers ask"
                value={categorization}
                onChange={(e) => setCategorization(e.target.value)}
                error={!!errors.categorization}
                helperText={
                  errors.categorization ??
                  `Added to the topic’s shopper questions · ${counter(categorization, limits.categorization.length)}`
                }
                slotProps={{ htmlInput: { maxLength: limits.categorization.length } }}
                multiline
              />
              <TextField
                label="The bot answers"
                value={knowledge}
                onChange={(e) => setKnowledge(e.target.value)}
                error={!!errors.knowledge}
                helperText={
                  errors.knowledge ??
                  `${gap.shopAnswer ? 'Your team’s reply in the chat, ready to edit' : 'Write the answer'} · ${counter(knowledge, limits.knowledge.length)}`
                }
                slotProps={{ htmlInput: { maxLength: limits.knowledge.length } }}
                multiline
                minRows={3}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={addEntry.isPending || !!topicFull}>
              Save to knowledge
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
