import type { StoredAnalysis, VectorStore } from '@balas/bot';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passageAnalyses, passageEmbeddings } from '../../db/schema.ts';

/** Rows a statement reads or writes at most (a 200-chunk shop is one statement). */
const BATCH = 500;

/**
 * Passages' vectors stored once per embedding model (decision 0029): an index build reads the ones
 * already made, by any process, and embeds only the rest. Two processes embedding the same new text
 * at once store it once (the first one wins; both vectors are the model's answer for that text).
 */
export function createPassageEmbeddings(db: Db, model: string): VectorStore {
  return {
    async load(hashes) {
      const found = new Map<string, Float32Array>();
      for (let i = 0; i < hashes.length; i += BATCH) {
        const rows = await db
          .select({ hash: passageEmbeddings.hash, vector: passageEmbeddings.vector })
          .from(passageEmbeddings)
          .where(
            and(
              eq(passageEmbeddings.model, model),
              inArray(passageEmbeddings.hash, hashes.slice(i, i + BATCH)),
            ),
          );
        for (const r of rows) found.set(r.hash, Float32Array.from(r.vector));
      }
      return found;
    },
    async save(vectors) {
      const rows = [...vectors].map(([hash, v]) => ({ model, hash, vector: Array.from(v) }));
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insert(passageEmbeddings)
          .values(rows.slice(i, i + BATCH))
          .onConflictDoNothing();
      }
    },
  };
}

/**
 * Passages' analyses stored by their key (decision 0029): a cold index build reads them instead of
 * analysing the shop's text again, and stores the ones it had to make.
 */
export function createPassageAnalyses(db: Db) {
  return {
    async load(keys: string[]): Promise<Map<string, StoredAnalysis>> {
      const found = new Map<string, StoredAnalysis>();
      for (let i = 0; i < keys.length; i += BATCH) {
        const rows = await db
          .select({ hash: passageAnalyses.hash, analysis: passageAnalyses.analysis })
          .from(passageAnalyses)
          .where(inArray(passageAnalyses.hash, keys.slice(i, i + BATCH)));
        for (const r of rows) found.set(r.hash, r.analysis);
      }
      return found;
    },
    async save(analyses: Map<string, StoredAnalysis>): Promise<void> {
      const rows = [...analyses].map(([hash, analysis]) => ({ hash, analysis }));
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insert(passageAnalyses)
          .values(rows.slice(i, i + BATCH))
          .onConflictDoNothing();
      }
    },
  };
}
