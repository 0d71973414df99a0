/** A value that has no single JSON spelling (NaN, Infinity, bigint, function, symbol). */
export class NotCanonicalJsonError extends Error {
  override readonly name = 'NotCanonicalJsonError';
}

/**
 * The one JSON spelling of a value: object keys sorted (by UTF-16 code unit, as in RFC 8785)
 * at every depth, no whitespace, `undefined` members dropped. Two records with the same content
 * always hash the same, whatever order their keys were built in.
 */
export function canonicalJson(value: unknown): string {
  try {
    return write(value);
  } catch (err) {
    // the fast walk keeps no path; walk again to say where the offending value is
    if (err instanceof NotCanonicalJsonError)
      throw new NotCanonicalJsonError(describeBad(value, '$') ?? err.message);
    throw err;
  }
}

/**
 * Strings JSON writes as they are, between quotes: printable ASCII without `"` and `\\` (anything
 * else goes through JSON.stringify, which escapes control characters and lone surrogates).
 */
const PLAIN_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** Object keys already written as `"key":`; bounded, since keys come from data. */
const quotedKeys = new Map<string, string>();
const MAX_QUOTED_KEYS = 4_096;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (quotedKeys.size < MAX_QUOTED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/** The hot path (every log record is hashed through it): no path strings, one accumulator per level. */
function write(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return PLAIN_STRING.test(value) ? `"${value}"` : JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new NotCanonicalJsonError(`${value} cannot be held in JSON`);
      return JSON.stringify(value);
    case 'object':
      return Array.isArray(value) ? writeArray(value) : writeObject(value as Record<string, unknown>);
    default:
      throw new NotCanonicalJsonError(`a ${typeof value} cannot be held in JSON`);
  }
}

function writeArray(items: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    const item = items[i];
    // JSON.stringify turns undefined array items into null; keep that so arrays keep their length
    out += item === undefined ? 'null' : write(item);
  }
  return out + ']';
}

function writeObject(object: Record<string, unknown>): string {
  const keys = Object.keys(object).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    if (!first) out += ',';
    first = false;
    out += quotedKey(key) + write(member);
  }
  return out + '}';
}

/** Where the first value JSON cannot hold sits, and what it is; undefined when there is none. */
function describeBad(value: unknown, path: string): string | undefined {
  if (value === null) return undefined;
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${path} is ${value}, which JSON cannot hold`;
    case 'object': {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const bad = describeBad(value[i], `${path}[${i}]`);
          if (bad) return bad;
        }
        return undefined;
      }
      const object = value as Record<string, unknown>;
      for (const key of Object.keys(object).sort()) {
        const bad = describeBad(object[key], `${path}.${key}`);
        if (bad) return bad;
      }
      return undefined;
    }
    default:
      return `${path} is a ${typeof value}, which JSON cannot hold`;
  }
}
