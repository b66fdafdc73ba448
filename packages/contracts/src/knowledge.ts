import { z } from 'zod';

export const knowledgeFile = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number(),
  created: z.string(),
  key: z.string(),
  status: z.enum(['processing', 'ready', 'failed']),
  /** 0..100 while processing. */
  progress: z.number(),
  chunkCount: z.number(),
  error: z.string().nullable(),
});
export type KnowledgeFile = z.infer<typeof knowledgeFile>;

export const knowledgeListQuery = z.object({ shopId: z.string().max(100) });
export const acceptedUploadExtensions = ['.pdf', '.docx', '.txt', '.csv', '.json', '.md'] as const;
