import { createServer, type IncomingMessage, type Server } from 'node:http';

const hopHeaders = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * A load balancer for the crash tests: each request goes to the next of `targets` in turn, and to
 * the others if that one refuses the connection (a killed process), as a balancer's health check
 * would do. Bodies are passed byte for byte (push signatures are over the raw body).
 */
export function startBalancer(targets: string[], port: number): Promise<Server> {
  let next = 0;
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!hopHeaders.has(name) && value !== undefined)
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const first = next++ % targets.length;
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(first + i) % targets.length]!;
      let answer: Response;
      try {
        answer = await fetch(`${target}${req.url}`, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
          redirect: 'manual',
        });
      } catch {
        continue; // refused: the next target
      }
      const payload = Buffer.from(await answer.arrayBuffer());
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!hopHeaders.has(name) && name !== 'content-encoding') out[name] = value;
      });
      res.writeHead(answer.status, out).end(payload);
      return;
    }
    res.writeHead(502).end('no target answered');
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
