import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL or Redis that counts what the product asks of it, read off the
 * wire (no change to the product): PostgreSQL statements (extended-protocol Execute and simple
 * Query messages, by their SQL text) and round trips (Sync and Query: one wait for the server each);
 * Redis commands by name; bytes each way.
 */

export interface WireCounts {
  /** Normalized statement or command -> times sent. */
  byStatement: Map<string, number>;
  statements: number;
  roundTrips: number;
  bytesOut: number;
  bytesIn: number;
}

const fresh = (): WireCounts => ({
  byStatement: new Map(),
  statements: 0,
  roundTrips: 0,
  bytesOut: 0,
  bytesIn: 0,
});

/** Literals and lists of placeholders out, so that the same statement counts as one. */
export const normalizeSql = (sql: string) =>
  sql
    .replace(/\s+/g, ' ')
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\$\d+(?:\s*,\s*\$\d+)*/g, '$n')
    .replace(/\b\d+\b/g, 'N')
    .trim()
    .slice(0, 160);

/** Frontend messages of the PostgreSQL protocol, from a stream of chunks. */
function postgresReader(counts: () => WireCounts) {
  let buffer = Buffer.alloc(0);
  let started = false;
  // Statements by the name Parse gave them ('' the unnamed one), and the one the last Bind chose:
  // a named statement is parsed once per connection and then only bound and executed.
  const prepared = new Map<string, string>();
  let bound = '';
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      if (!started) {
        // The startup message (or an SSL request) has no type byte.
        if (buffer.length < 4) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        if (code !== 80877103) started = true; // 80877103: SSLRequest, answered 'N' by a plain server
        continue;
      }
      if (buffer.length < 5) return;
      const type = String.fromCharCode(buffer[0]!);
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const body = buffer.subarray(5, 1 + length);
      buffer = buffer.subarray(1 + length);
      const c = counts();
      if (type === 'Q') {
        const sql = normalizeSql(body.toString('utf8', 0, body.indexOf(0)));
        c.byStatement.set(sql, (c.byStatement.get(sql) ?? 0) + 1);
        c.statements++;
        c.roundTrips++;
      } else if (type === 'P') {
        const nameEnd = body.indexOf(0);
        const sql = normalizeSql(body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1)));
        prepared.set(body.toString('utf8', 0, nameEnd), sql);
      } else if (type === 'B') {
        const portalEnd = body.indexOf(0);
        const name = body.toString('utf8', portalEnd + 1, body.indexOf(0, portalEnd + 1));
        bound = prepared.get(name) ?? `(prepared before counting: ${name})`;
      } else if (type === 'E') {
        c.byStatement.set(bound, (c.byStatement.get(bound) ?? 0) + 1);
        c.statements++;
      } else if (type === 'S') c.roundTrips++;
    }
  };
}

/** Commands of the Redis protocol (RESP arrays of bulk strings), from a stream of chunks. */
function redisReader(counts: () => WireCounts) {
  let buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    // A client write is one wait for the server at most (a pipeline is one write).
    counts().roundTrips++;
    for (;;) {
      if (buffer[0] !== 0x2a /* '*' */) return;
      const header = buffer.indexOf('\r\n');
      if (header < 0) return;
      const items = Number(buffer.toString('latin1', 1, header));
      let at = header + 2;
      let name = '';
      let complete = true;
      for (let i = 0; i < items; i++) {
        const end = buffer.indexOf('\r\n', at);
        if (end < 0) {
          complete = false;
          break;
        }
        const size = Number(buffer.toString('latin1', at + 1, end));
        if (buffer.length < end + 2 + size + 2) {
          complete = false;
          break;
        }
        if (i === 0) name = buffer.toString('utf8', end + 2, end + 2 + size).toUpperCase();
        at = end + 2 + size + 2;
      }
      if (!complete) return;
      buffer = buffer.subarray(at);
      const c = counts();
      c.byStatement.set(name, (c.byStatement.get(name) ?? 0) + 1);
      c.statements++;
    }
  };
}

export interface WireCounter {
  port: number;
  /** Counts since the last reset. */
  counts(): WireCounts;
  reset(): void;
  close(): Promise<void>;
}

/** Listens on a free port and forwards every connection to `target` (host:port), counting. */
export async function startWireCounter(
  protocol: 'postgres' | 'redis',
  target: { host: string; port: number },
): Promise<WireCounter> {
  let counts = fresh();
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const read = protocol === 'postgres' ? postgresReader(() => counts) : redisReader(() => counts);
    client.on('data', (chunk: Buffer) => {
      counts.bytesOut += chunk.length;
      read(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      counts.bytesIn += chunk.length;
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    counts: () => counts,
    reset: () => {
      counts = fresh();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
