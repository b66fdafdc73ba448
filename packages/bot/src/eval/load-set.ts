import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { chunkDocument } from '../chunk.ts';
import type { KnowledgeChunk, ShopKnowledge } from '../types.ts';

// Loads an evaluation set folder (see /work/shared/eval/README.md): shop.json, questions.jsonl and
// files/, the files split with the same chunker the server uses for uploads.

const shopFileSchema = z.object({
  name: z.string(),
  topics: z
    .array(
      z.object({ name: z.string(), categorization: z.array(z.string()), knowledge: z.array(z.string()) }),
    )
    .default([]),
  products: z
    .array(
      z.object({
        productId: z.string(),
        name: z.string(),
        description: z.string().optional(),
        price: z.number().optional(),
        currency: z.string().optional(),
        stock: z.number().optional(),
        variations: z
          .array(
            z.object({
              id: z.string(),
              name: z.string(),
              price: z.number().nullable(),
              stock: z.number().nullable(),
            }),
          )
          .optional(),
      }),
    )
    .default([]),
  productInfo: z
    .array(z.object({ productIds: z.array(z.string()), title: z.string(), description: z.string() }))
    .default([]),
});

/** An earlier shopper message of the same conversation, optionally with a product card shared. */
const turnSchema = z.union([
  z.string().transform((text): { text: string; productId?: string } => ({ text })),
  z.object({ text: z.string(), productId: z.string().optional() }),
]);

export const evalQuestionSchema = z.object({
  id: z.string(),
  question: z.string(),
  language: z.enum(['en', 'ms', 'zh']),
  crossLingual: z.boolean().optional(),
  /** Several questions in one message; `contains` holds a fact of each. */
  multiPart: z.boolean().optional(),
  /** The product card the shopper's message carries. */
  productId: z.string().optional(),
  /** Earlier shopper messages (asked first, their replies kept as the conversation). */
  before: z.array(turnSchema).optional(),
  /** Reported per tag (cross-lingual, follow-up, polarity, price, variation...). */
  tags: z.array(z.string()).default([]),
  expect: z.union([
    z.object({ handover: z.literal(true) }),
    /** The knowledge does not hold the answer: right when the bot hands over or says the team will check. */
    z.object({ notCovered: z.literal(true) }),
    z.object({
      source: z.array(z.string()).default([]),
      /** Every item must be in the reply; an item that is a list is satisfied by any one of it. */
      contains: z.array(z.union([z.string(), z.array(z.string()).min(1)])).optional(),
      /** A yes/no question whose true answer is no: a reply opening with a yes is wrong. */
      polarity: z.enum(['yes', 'no']).optional(),
    }),
  ]),
});
export type EvalQuestion = z.infer<typeof evalQuestionSchema>;

export interface EvalSet {
  name: string;
  dir: string;
  shop: ShopKnowledge;
  questions: EvalQuestion[];
  /** Files that could not be read as text (PDF / DOCX need the server's extractors). */
  skippedFiles: string[];
}

const TEXT_FILES = /\.(txt|md|csv|tsv|json)$/i;

export async function loadEvalSet(dir: string): Promise<EvalSet> {
  const shopFile = shopFileSchema.parse(JSON.parse(await readFile(join(dir, 'shop.json'), 'utf8')));
  const questions = (await readFile(join(dir, 'questions.jsonl'), 'utf8'))
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => evalQuestionSchema.parse(JSON.parse(l)));

  const chunks: KnowledgeChunk[] = [];
  const skippedFiles: string[] = [];
  let fileNames: string[] = [];
  try {
    fileNames = (await readdir(join(dir, 'files'))).sort();
  } catch {
    fileNames = [];
  }
  for (const [i, fileName] of fileNames.entries()) {
    if (!TEXT_FILES.test(fileName)) {
      skippedFiles.push(fileName);
      continue;
    }
    const text = await readFile(join(dir, 'files', fileName), 'utf8');
    const fileId = `f${i + 1}`;
    for (const c of chunkDocument(fileName, text)) {
      chunks.push({ id: `${fileId}-c${c.ordinal}`, fileId, fileName, text: c.text, ordinal: c.ordinal });
    }
  }

  const shop: ShopKnowledge = {
    shopName: shopFile.name,
    topics: shopFile.topics.map((t, i) => ({
      id: `t${i + 1}`,
      name: t.name,
      categorization: t.categorization,
      knowledge: t.knowledge.map((text, j) => ({ id: `t${i + 1}-k${j + 1}`, text })),
    })),
    chunks,
    products: shopFile.products,
    productInfo: shopFile.productInfo.map((p, i) => ({ id: `pi${i + 1}`, ...p })),
  };
  return { name: basename(dir), dir, shop, questions, skippedFiles };
}
