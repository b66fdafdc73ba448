import {
  dataOf,
  knowledgeFile,
  knowledgeListQuery,
  limits,
  messages,
  normalizeText,
  okAnswer,
} from '@balas/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import { sniffDocument } from './extract.ts';
import type { KnowledgeService } from './knowledge.service.ts';

interface Options {
  knowledge: KnowledgeService;
  owned: Owned;
}

const base = '/shopee/v1/lang_chain_push/loader';

/** Knowledge files of spec §7: upload (multipart), list, delete, and an authorized download. */
export const knowledgeRoutes: FastifyPluginAsyncZod<Options> = async (app, { knowledge, owned }) => {
  await app.register(multipart, {
    limits: {
      fileSize: limits.uploadMaxBytes,
      files: limits.uploadMaxFiles,
      fields: 20,
      fieldSize: 1000,
      parts: 40,
    },
  });
  const tags = ['knowledge'];

  app.post(base, { schema: { tags, response: { 200: dataOf(z.array(knowledgeFile)) } } }, async (request) => {
    if (!request.isMultipart()) throw new AppError('unsupported_type', messages.validation.uploadFile);
    const fields: Record<string, string> = {};
    const files: { fileName: string; data: Buffer }[] = [];
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError('too_large', 'Files can be at most 3 MB');
        // Cut first: a cut may split an emoji, which normalizing then replaces.
        const fileName = normalizeText(part.filename.slice(0, 200));
        files.push({ fileName: fileName || messages.knowledge.noFileName, data });
      } else {
        fields[part.fieldname] = normalizeText(String(part.value));
      }
    }
    const shop = await owned.shop(request.merchantId, fields.shopId ?? '');
    if (!shop) throw notFound('Shop not found');
    if (files.length === 0) {
      throw new AppError('validation', messages.validation.uploadFile, {
        file: messages.validation.uploadFile,
      });
    }
    const chunkSize = Number(fields.chunkSize ?? limits.uploadChunkSize);
    if (!Number.isInteger(chunkSize) || chunkSize < 100 || chunkSize > 4000) {
      throw new AppError('validation', 'chunkSize must be a whole number between 100 and 4000', {
        chunkSize: 'chunkSize must be a whole number between 100 and 4000',
      });
    }
    // Sniff every file before storing any, so one bad file refuses the whole upload.
    const typed = [];
    for (const file of files) {
      const type = await sniffDocument(file.data, file.fileName);
      if (!type) throw new AppError('unsupported_type', messages.errors.unsupportedType);
      typed.push({ ...file, ...type });
    }
    const stored = [];
    for (const file of typed) {
      const row = await knowledge.add(shop.id, {
        fileName: file.fileName,
        data: file.data,
        mime: file.mime,
        chunkSize,
      });
      stored.push(row);
    }
    return { data: stored };
  });

  app.get(
    base,
    {
      preHandler: shopGuard(owned.shop, { query: 'shopId' }),
      schema: { tags, querystring: knowledgeListQuery, response: { 200: dataOf(z.array(knowledgeFile)) } },
    },
    async (request) => ({ data: await knowledge.list(request.shop.id) }),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: dataOf(okAnswer) } },
    },
    async (request) => {
      await knowledge.remove(await knowledge.ownedFile(request.merchantId, request.params.id));
      return { data: { message: 'The file was removed' } };
    },
  );

  app.get(
    `${base}/:id/download`,
    { schema: { tags, params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const file = await knowledge.ownedFile(request.merchantId, request.params.id);
      // Saved under its own name: an ASCII fallback for old clients, the exact name (RFC 5987) for the rest.
      const encoded = encodeURIComponent(file.fileName).replace(
        /['()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16)}`,
      );
      const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`)
        .header('x-content-type-options', 'nosniff')
        .send(await knowledge.read(file));
    },
  );
};
