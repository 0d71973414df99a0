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
  return write(value, '$');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value))
        throw new NotCanonicalJsonError(`${path} is ${value}, which JSON cannot hold`);
      return JSON.stringify(value);
    case 'object':
      return Array.isArray(value)
        ? writeArray(value, path)
        : writeObject(value as Record<string, unknown>, path);
    default:
      throw new NotCanonicalJsonError(`${path} is a ${typeof value}, which JSON cannot hold`);
  }
}

function writeArray(items: readonly unknown[], path: string): string {
  // JSON.stringify turns undefined array items into null; keep that so arrays keep their length
  return `[${items.map((item, i) => (item === undefined ? 'null' : write(item, `${path}[${i}]`))).join(',')}]`;
}

function writeObject(object: Record<string, unknown>, path: string): string {
  const members = Object.keys(object)
    .filter((key) => object[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${write(object[key], `${path}.${key}`)}`);
  return `{${members.join(',')}}`;
}
