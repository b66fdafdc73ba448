import { chatImage, composerWords, dataOf, limits, routeSegmentIds } from '@balas/contracts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../../errors.ts';
import { isUuid, type Owned, shopGuard } from '../../shops/shop-guard.ts';
import { ChatImageGone, type ChatImages } from './chat-images.ts';

const shopParams = z.object({ shopId: z.string().max(100) });

/**
 * The composer's pictures: the merchant uploads one (multipart `file`, sniffed, at most
 * `limits.chatImageMaxBytes`), then sends it by its `imageId` through the conversation's send route.
 * The stored picture is served at an unguessable public address for Lazada and the widget to show.
 */
export const composerRoutes: FastifyPluginAsyncZod<{ owned: Owned; chatImages: ChatImages }> = async (
  app,
  { owned, chatImages },
) => {
  await app.register(multipart, {
    // A byte over the limit marks the file truncated: it is refused whole, never stored cut.
    limits: { fileSize: limits.chatImageMaxBytes, files: 1, fields: 5, fieldSize: 200, parts: 6 },
  });
  const tags = ['inbox'];

  for (const provider of routeSegmentIds) {
    app.post(
      `/${provider}/v1/:shopId/chat-images`,
      {
        preHandler: shopGuard(owned.shop, { param: 'shopId' }),
        schema: { tags, params: shopParams, response: { 200: dataOf(chatImage) } },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError('unsupported_type', composerWords.uploadOne);
        let data: Buffer | null = null;
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || data) {
            part.file.resume();
            continue;
          }
          data = await part.toBuffer().catch((error: { code?: string }) => {
            throw error.code === 'FST_REQ_FILE_TOO_LARGE'
              ? new AppError('too_large', composerWords.imageOverLimit)
              : error;
          });
          if (part.file.truncated) throw new AppError('too_large', composerWords.imageOverLimit);
        }
        if (!data?.length)
          throw new AppError('validation', composerWords.uploadOne, { file: composerWords.uploadOne });
        const saved = await chatImages.save(request.shop, data);
        if (!saved)
          throw new AppError('unsupported_type', composerWords.imageWrongType(request.shop.provider));
        return { data: saved };
      },
    );
  }

  app.get(
    '/chat-images/:shopId/:imageId',
    {
      // Public: Lazada and the shopper's widget fetch the picture; the address is unguessable.
      config: { public: true },
      schema: { tags, params: z.object({ shopId: z.string().max(100), imageId: z.string().max(100) }) },
    },
    async (request, reply) => {
      const { shopId, imageId } = request.params;
      if (!isUuid(shopId)) throw notFound('No picture here');
      try {
        const image = await chatImages.read(shopId, imageId);
        return reply
          .header('content-type', image.mime)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'")
          .send(image.data);
      } catch (error) {
        if (error instanceof ChatImageGone) throw notFound('No picture here');
        throw error;
      }
    },
  );
};
