import { openApiDocument } from './openapi.js';

type Json = Record<string, unknown>;

/** Every `$ref` in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [v] : refsIn(v),
  );
}

/** The node a local JSON pointer names in the document, or undefined. */
function resolve(doc: Json, pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Json)[key] : undefined), doc);
}

describe('the OpenAPI document', () => {
  it('resolves every reference inside the document, a recursive extraction schema included', () => {
    const doc = openApiDocument({ version: '1' });
    const refs = refsIn(doc);
    expect(refs.some((r) => r.startsWith('#/components/schemas/ExtractBody/$defs/'))).toBe(true);
    expect(refs.filter((r) => resolve(doc, r) === undefined)).toEqual([]);
  });
});
