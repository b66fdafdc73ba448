import { draftWords, handoverReasonMessage, type InboxRow } from '@balas/contracts';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import { Accordion, AccordionDetails, AccordionSummary, Box, Stack, Typography } from '@mui/material';
import { useHandoverSummary } from '../api/drafts.ts';

const label = { fontWeight: 700, fontSize: 13 } as const;

/** What the person taking over reads first, at the top of a handed-over chat (issue 28.5). */
export function HandoverSummaryCard({ row }: { row: InboxRow }) {
  const { data: summary } = useHandoverSummary(row);
  if (!summary) return null;
  const reason = summary.reasonText || handoverReasonMessage(summary.reason);
  return (
    <Accordion
      defaultExpanded
      disableGutters
      square
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', '&::before': { display: 'none' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        aria-controls="handover-summary"
        id="handover-summary-title"
      >
        <Typography component="h2" sx={{ fontWeight: 700, fontSize: 15 }}>
          {draftWords.summaryTitle}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="handover-summary" tabIndex={0} sx={{ pt: 0, maxHeight: 260, overflowY: 'auto' }}>
        <Stack spacing={1.25}>
          <Box>
            <Typography sx={label}>
              {draftWords.summaryQuestions}
              <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                {draftWords.summaryLanguage(summary.language)}
              </Typography>
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {summary.questions.map((q) => (
                <li key={q.text}>
                  <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {q.text}
                  </Typography>
                  {q.gloss && (
                    <Typography variant="body2" component="span" color="text.secondary">
                      {' '}
                      ({q.gloss})
                    </Typography>
                  )}
                </li>
              ))}
            </Box>
          </Box>
          {(summary.productId || summary.orderId) && (
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
              {summary.productId && (
                <Typography variant="body2">
                  <Box component="span" sx={label}>
                    {draftWords.summaryProduct}:
                  </Box>{' '}
                  {summary.productName ?? summary.productId}
                </Typography>
              )}
              {summary.orderId && (
                <Typography variant="body2">
                  <Box component="span" sx={label}>
                    {draftWords.summaryOrder}:
                  </Box>{' '}
                  {summary.orderId}
                </Typography>
              )}
            </Stack>
          )}
          <Box>
            <Typography sx={label}>{draftWords.summaryAnswered}</Typography>
            {summary.botAnswers.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {draftWords.summaryNothingAnswered}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {summary.botAnswers.map((a) => (
                  <li key={a}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {a}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
          </Box>
          <Typography variant="body2">
            <Box component="span" sx={label}>
              {draftWords.summaryWhy}:
            </Box>{' '}
            {reason}
          </Typography>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
