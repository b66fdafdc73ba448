import type { FastifyError, FastifyInstance } from 'fastify';
import { parseMultipart, uploadOf } from '../chat/uploads.ts';
import { requestId } from '../ids.ts';
import { parseJsonKeepingLongIntegers } from '../raw-json.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { shopeeAuthRoutes } from './auth.routes.ts';
import { shopeeCatalogueRoutes } from './catalogue.routes.ts';
import { shopeeChatRoutes } from './chat.routes.ts';
import { shopeeOrderRoutes } from './orders.routes.ts';
import { shopeePushRoutes } from './push.routes.ts';
import { ShopeeError, sendShopee } from './shopee-call.ts';

/** Shopee Open Platform v2 under this scope's prefix: the real paths, so going live changes only the host. */
export async function shopeeRoutes(app: FastifyInstance, { state }: { state: SandboxState }) {
  // Shopee's ids can exceed 2^53 in JSON bodies (read_conversation), so long integers stay exact.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') return done(null, {});
    try {
      done(null, parseJsonKeepingLongIntegers(String(text)));
    } catch {
      done(
        new ShopeeError('error_param', 'Wrong parameters, detail: the body is not valid JSON.'),
        undefined,
      );
    }
  });

  // upload_image: a multipart body, read whole (Shopee's limit is 2 MB; a little room for the rest).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: 3 * 1024 * 1024 },
    (request, body, done) => {
      const parsed = parseMultipart(body as Buffer, String(request.headers['content-type'] ?? ''));
      if (!parsed)
        return done(new ShopeeError('error_param', 'Wrong parameters, detail: the body is not multipart.'));
      done(null, { ...parsed.fields, files: parsed.files });
    },
  );

  // The sandbox's stand-in for Shopee's picture CDN: what upload_image answered with.
  app.get('/file/:id', async (request, reply) => {
    const upload = uploadOf(state, (request.params as { id: string }).id);
    if (!upload) return reply.status(404).send();
    return reply
      .type(upload.type)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(upload.data);
  });

  app.setErrorHandler((error: FastifyError | ShopeeError, _request, reply) => {
    if (error instanceof ShopeeError)
      return sendShopee(reply, error.status, {
        error: error.code,
        message: error.message,
        request_id: requestId(),
      });
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    return sendShopee(reply, status, {
      error: status < 500 ? 'error_param' : 'error_server',
      message:
        status < 500 ? `Wrong parameters, detail: ${error.message}.` : 'Something wrong. Please try later.',
      request_id: requestId(),
    });
  });

  app.setNotFoundHandler((_request, reply) =>
    sendShopee(reply, 404, { error: 'error_not_found', message: 'Api not found.', request_id: requestId() }),
  );

  shopeeAuthRoutes(app, state);
  shopeeChatRoutes(app, state);
  shopeeCatalogueRoutes(app, state);
  shopeeOrderRoutes(app, state);
  shopeePushRoutes(app, state);
}
