import { type messages, type PGlite, parse, protocol, type QueryOptions, types } from '@electric-sql/pglite';

/**
 * How statements reach the embedded database cheaply. PGlite's `query` sends each statement as six
 * protocol messages, each a call into the database, and PostgreSQL parses and plans it every time;
 * drizzle's per-statement text parsers also made PGlite copy its whole parser table (over 300 types)
 * each time. A statement run here is parsed once into a named prepared statement, then each run is
 * one call (bind, execute, sync), with the parsers set on the client once.
 */

/**
 * The types drizzle reads as PostgreSQL's text (drizzle-orm/pglite/session.js: timestamps, dates,
 * intervals and arrays of them, numeric[]); it maps them itself.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** Prepared statements kept: the least recently run is closed past this many. */
export const PREPARED_STATEMENTS_KEPT = 400;

type Query = PGlite['query'];

/** A statement's own parsers when they ask for more than the client's text types, else none. */
function ownParsers(options: QueryOptions | undefined) {
  if (!options?.parsers) return options;
  if (!Object.keys(options.parsers).every((type) => DRIZZLE_TEXT_TYPES.includes(Number(type))))
    return options;
  const { parsers: _sameAsTheClients, ...rest } = options;
  return rest;
}

interface Prepared {
  name: string;
  paramTypes: number[];
  /** Absent for a statement that returns no rows. */
  rowDescription: messages.BackendMessage | undefined;
}

const concat = (parts: Uint8Array[]) => {
  const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
};

/** PostgreSQL's answer when a prepared statement is gone or the table under it changed its columns. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

/**
 * Installs the text parsers on the client and runs every `query` (and a transaction's) with
 * parameters through named prepared statements. A statement without parameters or with a blob
 * (COPY) goes the ordinary way. Errors read as PGlite's own (a DatabaseError carrying the query and
 * its parameters).
 */
export function prepareStatements(client: PGlite, options: { kept?: number } = {}) {
  const kept = options.kept ?? PREPARED_STATEMENTS_KEPT;
  const asText = (value: string) => value;
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;

  // Insertion order is recency: a statement run again moves to the end.
  const prepared = new Map<string, Prepared>();
  const toClose: string[] = [];
  let named = 0;

  async function prepare(text: string, queryOptions: QueryOptions | undefined) {
    const name = `balas_${named++}`;
    const closing = toClose.map((old) => protocol.serialize.close({ type: 'S', name: old }));
    const answer = await client.execProtocolStream(
      concat([
        ...closing,
        protocol.serialize.parse({ name, text, types: queryOptions?.paramTypes ?? [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    toClose.length = 0;
    const statement: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(answer),
      rowDescription: answer.find((m) => m.name === 'rowDescription'),
    };
    prepared.set(text, statement);
    if (prepared.size > kept) {
      const [oldest] = prepared;
      prepared.delete(oldest![0]);
      toClose.push(oldest![1].name);
    }
    return statement;
  }

  /** One statement, with the client's query lock held (and its transaction lock outside one). */
  async function run(text: string, params: unknown[], queryOptions: QueryOptions | undefined) {
    let statement = prepared.get(text);
    if (statement) {
      prepared.delete(text);
      prepared.set(text, statement);
    } else statement = await prepare(text, queryOptions);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = queryOptions?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await client.execProtocolStream(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const messages = statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
    return parse.parseResults(messages, client.parsers, queryOptions)[0]!;
  }

  /** As PGlite's own query does: the statement and its parameters on the error. */
  const described = (error: unknown, text: string, params: unknown[], queryOptions: unknown) => {
    if (error instanceof Error && 'code' in error)
      Object.assign(error, { query: text, params, queryOptions });
    return error;
  };
  const isStale = (error: unknown) =>
    error instanceof Error && 'code' in error && STALE_STATEMENT.has(String(error.code));

  /** `query` of the client or of a transaction: `locked` runs a function under that one's locks. */
  const fast = (ordinary: Query, locked: <T>(fn: () => Promise<T>) => Promise<T>, syncAfter: boolean) =>
    (async (text: string, params: unknown[] = [], queryOptions?: QueryOptions) => {
      const own = ownParsers(queryOptions);
      // Without parameters: the migrations' DDL (270 texts, run once) and the odd housekeeping
      // statement, not worth a prepared statement each.
      if (own?.blob || params.length === 0) return ordinary(text, params, own);
      if (syncAfter) await client._checkReady();
      try {
        return await locked(async () => {
          const result = await run(text, params, own);
          if (syncAfter) await client.syncToFs();
          return result;
        });
      } catch (error) {
        if (!isStale(error)) throw described(error, text, params, own);
        // The statement is gone or its table changed its columns: prepared anew next time. Outside a
        // transaction it is run again now; inside one, the error has ended the transaction anyway.
        prepared.delete(text);
        if (!syncAfter) throw described(error, text, params, own);
        return ordinary(text, params, own);
      }
    }) as Query;

  const ordinaryQuery = client.query.bind(client);
  client.query = fast(
    ordinaryQuery,
    (fn) => client._runExclusiveTransaction(() => client._runExclusiveQuery(fn)),
    true,
  );
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      // A transaction's handle is a new object each time, its own to change.
      tx.query = fast(tx.query.bind(tx), (fn) => client._runExclusiveQuery(fn), false);
      return callback(tx);
    });
  return { prepared: () => prepared.size };
}
