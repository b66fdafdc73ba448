import { passRateDropped, type TestSummary } from '@balas/contracts';
import { Typography } from '@mui/material';
import { useTestSummary } from '../api/tests.ts';

/** A shop's latest test pass rate on its card; a drop since the run before is an attention signal. */
export function TestPassRate({ summary }: { summary: TestSummary[number] | undefined }) {
  if (!summary || summary.total === 0) return null;
  const rate = Math.round((100 * summary.passed) / summary.total);
  if (passRateDropped(summary)) {
    const before = Math.round((100 * (summary.previousPassed ?? 0)) / (summary.previousTotal ?? 1));
    return (
      <Typography variant="body2" sx={{ color: 'error.dark', fontWeight: 700 }} data-testid="tests-dropped">
        Tests {rate}% pass, down from {before}%
      </Typography>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      Tests {rate}% pass
    </Typography>
  );
}

/** The card's line for one shop, from the merchant's summary (one request for every card). */
export function ShopTestsLine({ shopId }: { shopId: string }) {
  const summary = useTestSummary();
  return <TestPassRate summary={summary.data?.find((s) => s.shopId === shopId)} />;
}
