import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type EmbeddingModel, embedMany, generateText, type LanguageModel } from 'ai';
import { z } from 'zod';
import { LANGUAGE_NAMES } from './messages.ts';
import type { Embedder, HistoryTurn, Lang, SourceKind } from './types.ts';

// The model composer: a chat model behind the Vercel AI SDK (any OpenAI-compatible endpoint) writes the
// reply from the retrieved passages only. The prompt carries nothing but those passages; the model must
// say when they do not answer the question (that becomes a low-confidence handover, a field of the
// result, never a keyword in the text), and a reply quoting a number that is in neither the passages
// nor the question is rejected as ungrounded. The engine falls back to the offline composer on a
// timeout, an error or an ungrounded reply.

export interface ContextPassage {
  /** "S1", "S2", ...: how the prompt and the model refer to the passage. */
  ref: string;
  key: number;
  kind: SourceKind;
  name: string;
  title?: string;
  text: string;
}

export interface ComposeRequest {
  question: string;
  language: Lang;
  shopName: string;
  passages: ContextPassage[];
  history?: HistoryTurn[];
}

export interface ModelComposition {
  text: string;
  /** false when the passages do not answer the question. */
  answerable: boolean;
  /** Passage keys the model says it used. */
  citedKeys: number[];
}

export interface Composer {
  readonly kind: 'model';
  /** The engine falls back to the offline composer after this long. */
  readonly timeoutMs: number;
  compose(request: ComposeRequest, signal: AbortSignal): Promise<ModelComposition>;
}

export const DEFAULT_MODEL_TIMEOUT_MS = 8000;

const replySchema = z.object({
  answer: z.string(),
  answerable: z.boolean(),
  sources: z.array(z.string()).default([]),
});

function describe(p: ContextPassage): string {
  const where =
    p.kind === 'topic' ? `topic "${p.name}"` : p.kind === 'file' ? `file "${p.name}"` : `product ${p.name}`;
  const title = p.title ? ` — ${p.title}` : '';
  return `[${p.ref}] (${where}${title})\n${p.text}`;
}

/** The system and user prompts: rules, then the retrieved passages and nothing else from the shop. */
export function buildGroundingPrompt(request: ComposeRequest): { system: string; prompt: string } {
  const language = LANGUAGE_NAMES.en[request.language];
  const system = [
    `You are the customer-service assistant of the online shop "${request.shopName}", chatting with a shopper.`,
    'Answer ONLY with facts stated in the CONTEXT passages. Never invent or guess prices, fees, stock, delivery times, vouchers, discounts, policies, contact details or any number.',
    'If the passages do not contain the answer, set "answerable" to false and leave "answer" empty.',
    `Write "answer" in ${language}, friendly and short (at most 3 sentences, under 350 characters). Translate facts from passages written in other languages; keep amounts, codes and names exactly as written.`,
    'Reply with one JSON object only: {"answer": string, "answerable": boolean, "sources": ["S1", ...]} where "sources" lists the passages you used.',
  ].join('\n');
  const history = (request.history ?? [])
    .slice(-4)
    .map((h) => `${h.role === 'shopper' ? 'Shopper' : 'Shop'}: ${h.text}`)
    .join('\n');
  const prompt = [
    'CONTEXT:',
    request.passages.map(describe).join('\n\n') || '(no passages)',
    history ? `\nCONVERSATION SO FAR:\n${history}` : '',
    `\nSHOPPER'S QUESTION:\n${request.question}`,
  ]
    .filter(Boolean)
    .join('\n');
  return { system, prompt };
}

/** Parses the model's reply: a JSON object (possibly fenced), or plain text taken as the answer. */
export function parseReply(text: string, passages: ContextPassage[]): ModelComposition {
  const match = /\{[\s\S]*\}/.exec(text);
  if (match) {
    try {
      const parsed = replySchema.parse(JSON.parse(match[0]));
      const byRef = new Map(passages.map((p) => [p.ref.toLowerCase(), p.key]));
      const citedKeys = parsed.sources
        .map((s) =>
          byRef.get(
            s
              .trim()
              .replace(/^\[|\]$/g, '')
              .toLowerCase(),
          ),
        )
        .filter((k): k is number => k !== undefined);
      return {
        text: parsed.answer.trim(),
        answerable: parsed.answerable && parsed.answer.trim() !== '',
        citedKeys,
      };
    } catch {
      // not our JSON: fall through and use the text as it is
    }
  }
  const plain = text.trim();
  return { text: plain, answerable: plain !== '', citedKeys: [] };
}

function numbersIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\d+(?:[.,]\d+)*/g)) {
    let n = m[0].replace(/,(?=\d{3}\b)/g, '');
    if (/^\d+\.\d+$/.test(n)) n = n.replace(/0+$/, '').replace(/\.$/, '');
    out.add(n);
  }
  return out;
}

/** Numbers in a reply that appear in neither the passages nor the question (an invented price or date). */
export function ungroundedNumbers(reply: string, request: ComposeRequest): string[] {
  const known = numbersIn(
    `${request.passages.map((p) => `${p.title ?? ''} ${p.text}`).join(' ')} ${request.question}`,
  );
  return [...numbersIn(reply)].filter((n) => !known.has(n));
}

export interface ModelComposerOptions {
  model: LanguageModel;
  timeoutMs?: number;
  maxOutputTokens?: number;
  temperature?: number;
}

export function createModelComposer(options: ModelComposerOptions): Composer {
  return {
    kind: 'model',
    timeoutMs: options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS,
    async compose(request, signal) {
      const { system, prompt } = buildGroundingPrompt(request);
      const result = await generateText({
        model: options.model,
        system,
        prompt,
        abortSignal: signal,
        maxRetries: 0,
        maxOutputTokens: options.maxOutputTokens ?? 400,
        temperature: options.temperature ?? 0.2,
      });
      return parseReply(result.text, request.passages);
    },
  };
}

export function createEmbedder(model: EmbeddingModel): Embedder {
  return {
    async embed(values, signal) {
      const result = await embedMany({
        model,
        values,
        maxRetries: 0,
        ...(signal ? { abortSignal: signal } : {}),
      });
      return result.embeddings;
    },
  };
}

export interface OpenAICompatibleConfig {
  baseURL: string;
  apiKey?: string;
  /** Chat model id. */
  model: string;
  /** Embedding model id; without it retrieval stays lexical. */
  embeddingModel?: string;
  timeoutMs?: number;
  /** For tests and proxies. */
  fetch?: typeof globalThis.fetch;
  headers?: Record<string, string>;
}

/** A composer (and an embedder, when an embedding model is named) for an OpenAI-compatible endpoint. */
export function createOpenAICompatibleBackend(config: OpenAICompatibleConfig): {
  composer: Composer;
  embedder?: Embedder;
} {
  const provider = createOpenAICompatible({
    name: 'balas-model',
    baseURL: config.baseURL,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.fetch ? { fetch: config.fetch } : {}),
    ...(config.headers ? { headers: config.headers } : {}),
  });
  const composer = createModelComposer({
    model: provider.chatModel(config.model),
    ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
  });
  if (!config.embeddingModel) return { composer };
  return { composer, embedder: createEmbedder(provider.embeddingModel(config.embeddingModel)) };
}
