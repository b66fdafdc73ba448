/**
 * Parses a platform's JSON answer keeping big integers exact: any integer literal of 16 digits or
 * more (Shopee conversation_id, message_id... exceed 2^53) becomes a string before JSON.parse.
 * Digits inside JSON strings are left alone.
 */
export function parseJsonKeepingBigInts(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += text.slice(start, ++i);
    } else if ((c >= '0' && c <= '9') || c === '-') {
      const start = i;
      i++;
      while (i < text.length && /[0-9.eE+-]/.test(text[i]!)) i++;
      const literal = text.slice(start, i);
      out += /^-?\d{16,}$/.test(literal) ? `"${literal}"` : literal;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out);
}

/** A JSON body where the given id fields are written as raw number literals (the platform expects numbers). */
export function jsonWithNumericIds(body: Record<string, unknown>, idFields: string[]): string {
  let text = JSON.stringify(body);
  for (const field of idFields) {
    const value = body[field];
    if (typeof value === 'string' && /^\d+$/.test(value)) {
      text = text.replace(`"${field}":"${value}"`, `"${field}":${value}`);
    }
  }
  return text;
}
