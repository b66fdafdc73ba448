import { constants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;

/** The answers compressed: JSON (application/json and any +json type). */
const json = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * How the API's answers are compressed (@fastify/compress). The client's Accept-Encoding picks
 * brotli, else gzip; without one the answer goes out as is. Only answers of at least
 * `compressionThreshold` bytes are compressed, always through zlib's streams on the thread pool
 * (`syncThreshold: 0`), never a *Sync call on the event loop, and brotli at quality 4, which costs
 * about what gzip does. `text/event-stream`, an answer that already has a Content-Encoding and
 * gzip/deflate bytes are left alone by the plugin (besides JSON it takes the types mime-db calls
 * compressible). Compressed request bodies are not accepted (`globalDecompression: false`): a
 * body is read as sent, within the body limit.
 */
export const answerCompression: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: compressionThreshold,
  syncThreshold: 0,
  customTypes: json,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
  globalDecompression: false,
};

/**
 * Compresses the answers of the scope it is registered in (the `/api` scope only: the built
 * dashboard and widget files are precompressed at build time, see built-files.ts, the sandbox has
 * its own scope, and Socket.IO does not go through Fastify's replies). Every JSON answer says
 * `Vary: Accept-Encoding`, compressed or not, since the same address may answer above the
 * threshold next time. Register it before the scope's routes: the plugin hooks routes as added.
 */
export const answerCompressionPlugin: FastifyPluginAsync = fp(
  async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !json.test(type)) return payload;
      const vary = reply.getHeader('vary');
      const listed = [vary ?? []].flat().join(',');
      if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(listed)) {
        reply.header('vary', listed ? `${listed}, accept-encoding` : 'accept-encoding');
      }
      return payload;
    });
    await scope.register(fastifyCompress, answerCompression);
  },
  { name: 'answer-compression' },
);
