/**
 * JSON text where bigint values are written as raw number literals. Shopee's conversation and
 * message ids exceed 2^53; the platform sends them unquoted, and so do we.
 */
export function toRawJson(value: unknown): string {
  return write(value) ?? 'null';
}

function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => write(v) ?? 'null').join(',')}]`;
  const fields: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const text = write(v);
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${fields.join(',')}}`;
}

// A JSON string literal, or an integer literal of 16+ digits standing alone (not part of a decimal).
const STRING_OR_LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![\d.eE])/g;

/**
 * Parses a request body the way Shopee's servers read it: integer literals too long for a double
 * (conversation_id, last_read_message_id...) keep every digit, as decimal strings.
 */
export function parseJsonKeepingLongIntegers(text: string): unknown {
  return JSON.parse(text.replace(STRING_OR_LONG_INTEGER, (m) => (m.startsWith('"') ? m : `"${m}"`)));
}
