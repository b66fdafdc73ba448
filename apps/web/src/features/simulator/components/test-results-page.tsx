import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Container,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo.tsx';
import { LeaveTo } from '../../../lib/leave.tsx';
import { tokenStore } from '../../../lib/storage.ts';
import { type BotAnswerLog, useBotAnswers } from '../api/simulator.ts';

/** /test?id={n}: the log of the bot's answers, grouped by conversation (spec §2, §5). */
export function TestResultsPage() {
  const [search, setSearch] = useSearchParams();
  const answers = useBotAnswers();
  const [mode, setMode] = useState<'all' | 'single'>('single');
  const [alert, setAlert] = useState<string | null>(null);
  const [goTo, setGoTo] = useState('');
  const groups = useMemo(() => groupByConversation(answers.data ?? []), [answers.data]);
  if (!tokenStore.get()) return <LeaveTo path="/" />;
  const id = Math.max(0, Number(search.get('id') ?? 0) || 0);
  const show = (n: number) => setSearch({ id: String(n) });

  return (
    <Container component="main" maxWidth="md" sx={{ py: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 3 }}>
        <Box component={Link} to="/dashboard/shops" sx={{ textDecoration: 'none', flex: 1 }}>
          <Logo />
        </Box>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_e, v) => v && setMode(v)}>
          <ToggleButton value="all">View All</ToggleButton>
          <ToggleButton value="single">Single</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Bot answers
      </Typography>
      {alert && (
        <Alert severity="info" onClose={() => setAlert(null)} sx={{ mb: 2 }} role="alert">
          {alert}
        </Alert>
      )}
      {answers.isSuccess && groups.length === 0 && (
        <Typography color="text.secondary">No Available Data</Typography>
      )}
      {mode === 'single' && groups.length > 0 && (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'center' }, mb: 2 }}
          >
            <TextField
              type="number"
              size="small"
              label="Go to conversation id"
              value={goTo}
              onChange={(e) => setGoTo(e.target.value)}
              helperText={`Max ID: ${groups.length - 1}`}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                const n = Number(goTo);
                if (!Number.isInteger(n) || n < 0 || n >= groups.length) setAlert('wrong id');
                else show(n);
              }}
              sx={{ maxWidth: 240 }}
            />
            <Box sx={{ flex: 1 }} />
            <Button onClick={() => (id <= 0 ? setAlert('This is the first item') : show(id - 1))}>
              Previous
            </Button>
            <Button onClick={() => (id >= groups.length - 1 ? setAlert('No more items') : show(id + 1))}>
              Next
            </Button>
          </Stack>
          {groups[id] ? <Group group={groups[id]} index={id} /> : <Alert severity="warning">wrong id</Alert>}
        </>
      )}
      {mode === 'all' && (
        <Stack spacing={2}>
          {groups.map((g, i) => (
            <Group key={g.conversation} group={g} index={i} />
          ))}
        </Stack>
      )}
    </Container>
  );
}

interface ConversationGroup {
  conversation: string;
  answers: BotAnswerLog[];
}

export function groupByConversation(answers: BotAnswerLog[]): ConversationGroup[] {
  const groups = new Map<string, BotAnswerLog[]>();
  for (const a of answers) groups.set(a.conversation, [...(groups.get(a.conversation) ?? []), a]);
  return [...groups].map(([conversation, list]) => ({ conversation, answers: list }));
}

function Group({ group, index }: { group: ConversationGroup; index: number }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
          #{index} · conversation {group.conversation}
        </Typography>
        <Stack spacing={1}>
          {group.answers.map((a) => (
            <Box key={a.id}>
              <Box
                sx={{
                  bgcolor: 'background.default',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  width: 'fit-content',
                  maxWidth: '85%',
                }}
              >
                {a.message}
              </Box>
              {a.response !== 'combined' && (
                <Box
                  sx={{
                    bgcolor: '#e3f5ec',
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    mt: 0.5,
                    ml: 'auto',
                    width: 'fit-content',
                    maxWidth: '85%',
                    whiteSpace: 'pre-wrap',
                  }}
                >
                  {a.response}
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
