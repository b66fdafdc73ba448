import { insightsMessages, type KnowledgeGap, type Shop } from '@balas/contracts';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { SaveAsTestButton } from '../../tests/components/save-as-test-button.tsx';
import { useGapMutations, useKnowledgeGaps } from '../api/insights.ts';
import { dayAndTime } from './format.ts';

// The dialog (its form, the topics and the simulator's API) is loaded when a merchant first opens it.
const GapEntryDialog = lazy(() =>
  import('./gap-entry-dialog.tsx').then((m) => ({ default: m.GapEntryDialog })),
);

const LANGUAGES: Record<string, string> = { en: 'English', ms: 'Malay', zh: 'Chinese' };

/** Questions the bot could not answer, grouped; each group can become training in one click. */
export function KnowledgeGaps({ shopId, shops }: { shopId: string; shops: Shop[] }) {
  const gaps = useKnowledgeGaps(shopId);
  const { dismiss } = useGapMutations();
  const [open, setOpen] = useState<KnowledgeGap | null>(null);
  const providerOf = (id: string) => shops.find((s) => s.id === id)?.providerName;

  return (
    <Box component="section" aria-labelledby="gaps-title" sx={{ mt: 5 }}>
      <Typography id="gaps-title" variant="h5" component="h2">
        Knowledge gaps
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 760 }}>
        {insightsMessages.definitions.gaps} {insightsMessages.gapsEmptyDismissed}
      </Typography>
      {gaps.isError && <Alert severity="error">{gaps.error.message}</Alert>}
      {dismiss.isError && <Alert severity="error">{dismiss.error.message}</Alert>}
      {gaps.isLoading && <Skeleton variant="rounded" height={140} />}
      {gaps.data?.length === 0 && (
        <EmptyState
          icon={<LightbulbOutlined />}
          title="Nothing the bot is missing"
          text={insightsMessages.gapsEmpty}
        />
      )}
      <Stack spacing={1.5}>
        {gaps.data?.map((gap) => (
          <Card key={gap.id} component="article" aria-label={`Knowledge gap: ${gap.examples[0]?.text}`}>
            <CardContent>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    variant="subtitle1"
                    component="h3"
                    sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
                  >
                    “{gap.examples[0]?.text}”
                  </Typography>
                  <Stack direction="row" spacing={0.75} sx={{ mt: 0.75, flexWrap: 'wrap', rowGap: 0.75 }}>
                    <Chip
                      size="small"
                      color="primary"
                      label={insightsMessages.details.gapQuestions(gap.count)}
                      sx={{ fontWeight: 700, bgcolor: 'primary.dark' }}
                    />
                    {gap.languages.map((l) => (
                      <Chip key={l} size="small" variant="outlined" label={LANGUAGES[l] ?? l} />
                    ))}
                    {!shopId && <Chip size="small" variant="outlined" label={gap.shopName} />}
                    <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
                      latest {dayAndTime(gap.newestAt)}
                    </Typography>
                  </Stack>
                  {gap.examples.length > 1 && (
                    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, color: 'text.secondary' }}>
                      {gap.examples.slice(1).map((q) => (
                        <li key={q.id}>
                          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                            {q.text}
                          </Typography>
                        </li>
                      ))}
                    </Box>
                  )}
                  {gap.shopAnswer && (
                    <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                      <strong>Your team replied:</strong> {gap.shopAnswer.text}
                    </Typography>
                  )}
                </Box>
                <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
                  <Button variant="contained" onClick={() => setOpen(gap)}>
                    Add to knowledge
                  </Button>
                  <Button onClick={() => dismiss.mutate(gap)} disabled={dismiss.isPending}>
                    Dismiss
                  </Button>
                  <SaveAsTestButton
                    shopId={gap.shopId}
                    question={gap.examples[0]?.text ?? ''}
                    handedOver={false}
                    origin="gap"
                  />
                </Stack>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <GapEntryDialog gap={open} provider={providerOf(open.shopId)} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Box>
  );
}
