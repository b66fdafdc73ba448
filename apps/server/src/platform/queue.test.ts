import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createInProcessQueue, defineJob } from './queue.ts';

const log = pino({ level: 'silent' });

describe('in-process queue', () => {
  it('validates payloads on enqueue, retries failures and dedupes job ids', async () => {
    const queue = createInProcessQueue(log);
    const seen: number[] = [];
    let failures = 2;
    const job = defineJob({
      name: 'test.flaky',
      schema: z.object({ n: z.number() }),
      backoffMs: 1,
      async handle({ n }) {
        if (failures-- > 0) throw new Error('transient');
        seen.push(n);
      },
    });
    queue.register([job]);
    await queue.startWorker();
    await expect(queue.enqueue(job, { n: 'x' } as unknown as { n: number })).rejects.toThrow();
    await queue.enqueue(job, { n: 1 }, { jobId: 'a' });
    await queue.enqueue(job, { n: 1 }, { jobId: 'a' });
    await queue.idle();
    expect(seen).toEqual([1]);
    await queue.close();
  });

  it('gives up after the configured attempts', async () => {
    const queue = createInProcessQueue(log);
    let calls = 0;
    const job = defineJob({
      name: 'test.broken',
      schema: z.object({}),
      attempts: 3,
      backoffMs: 1,
      async handle() {
        calls++;
        throw new Error('always');
      },
    });
    await queue.startWorker();
    await queue.enqueue(job, {});
    await queue.idle();
    expect(calls).toBe(3);
    await queue.close();
  });
});
