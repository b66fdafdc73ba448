import { z } from 'zod';
import { defineJob } from '../../platform/queue.ts';
import type { KnowledgeService } from './knowledge.service.ts';

export function createKnowledgeJobs(knowledge: KnowledgeService) {
  const ingest = defineJob({
    name: 'knowledge.ingest',
    schema: z.object({ fileId: z.uuid(), kind: z.enum(['pdf', 'docx', 'text', 'csv', 'json']) }),
    attempts: 3,
    backoffMs: 2000,
    async handle({ fileId, kind }) {
      await knowledge.ingest(fileId, kind);
    },
  });
  return { ingest };
}
