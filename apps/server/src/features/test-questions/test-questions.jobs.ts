import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';

/** Runs every test question of a shop once (bulk work, off the request and the reply path). */
export const runTestsJob = defineJob({
  name: 'tests.run',
  schema: z.object({ runId: z.uuid() }),
  attempts: 2,
  backoffMs: 2000,
});

/** Scheduled: a shop whose training changed since its last run gets a run; a run a crash left is failed. */
export const sweepTestsJob = defineJob({
  name: 'tests.sweep',
  schema: z.object({}),
  attempts: 1,
});

/** How soon after a training change its test questions run. */
export const TESTS_SWEEP_EVERY_MS = 20 * 1000;

/** What runs the tests (the test-questions service, bound where it is built). */
export interface TestRunner {
  execute(runId: string): Promise<void>;
  sweep(): Promise<unknown>;
}

export const testQuestionsJobHandlers = (tests: TestRunner) => [
  bindJob(runTestsJob, ({ runId }) => tests.execute(runId)),
  bindJob(sweepTestsJob, async () => {
    await tests.sweep();
  }),
];
