import { createRequire } from 'node:module';

type Json = Record<string, unknown>;

/** The little of Ajv 8 the checks use. */
interface Ajv2020 {
  compile(schema: Json): ((value: unknown) => boolean) & { errors?: unknown };
  addSchema(schema: Json, key: string): void;
  getSchema(key: string): (((value: unknown) => boolean) & { errors?: unknown }) | undefined;
  addKeyword(definition: Json): void;
}

/**
 * A validator per component schema of an OpenAPI document, each compiled where it sits in the
 * document, so references into other components and into a component's own `$defs`
 * (`#/components/schemas/X/$defs/…`, a recursive schema's) resolve as a client's would.
 */
export function componentValidators(
  ajv: Ajv2020,
  openapi: Json,
): Map<string, ((value: unknown) => boolean) & { errors?: unknown }> {
  ajv.addKeyword({ keyword: 'components' });
  ajv.addSchema({ components: openapi['components'] }, 'openapi');
  const schemas = (openapi['components'] as { schemas: Record<string, Json> }).schemas;
  return new Map(
    Object.keys(schemas).map((name) => [name, ajv.compile({ $ref: `openapi#/components/schemas/${name}` })]),
  );
}

/**
 * Ajv 8 with the JSON Schema 2020-12 dialect (OpenAPI 3.1's) and formats: the copy the MCP SDK
 * depends on, as the workspace's top-level ajv is v6 (draft-07 only).
 */
export function ajv2020(): Ajv2020 {
  const sdk = createRequire(createRequire(import.meta.url).resolve('@modelcontextprotocol/sdk/package.json'));
  const mod = sdk('ajv/dist/2020') as { default: new (options: Json) => Ajv2020 };
  const formats = createRequire(import.meta.url)('ajv-formats') as { default: (ajv: Ajv2020) => void };
  const ajv = new mod.default({ strict: true, allErrors: true, strictTypes: false, strictTuples: false });
  formats.default(ajv);
  return ajv;
}

/** Every `$ref` in the document, with where it appears. */
export function refsOf(node: unknown, path = '#'): { ref: string; at: string }[] {
  if (Array.isArray(node)) return node.flatMap((v, i) => refsOf(v, `${path}/${String(i)}`));
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node as Json).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ ref: v, at: path }] : refsOf(v, `${path}/${k}`),
  );
}

/** The value a local JSON pointer (`#/a/b`) names, or undefined. */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The structural rules of OpenAPI 3.1 a generated document can break: required fields, operation
 * ids unique, every path parameter declared (and only those), each response with a description,
 * every $ref resolving. Returns the problems found.
 */
export function openApiProblems(doc: Json): string[] {
  const problems: string[] = [];
  if (typeof doc['openapi'] !== 'string' || !/^3\.1\.\d+$/.test(doc['openapi']))
    problems.push('openapi is not 3.1.x');
  const info = doc['info'] as Json | undefined;
  if (typeof info?.['title'] !== 'string' || typeof info['version'] !== 'string')
    problems.push('info.title/version');
  const ids = new Set<string>();
  for (const [path, item] of Object.entries((doc['paths'] ?? {}) as Record<string, Json>)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) {
        problems.push(`${path}: unknown key ${method}`);
        continue;
      }
      const operation = op as Json;
      const id = operation['operationId'];
      if (typeof id === 'string') {
        if (ids.has(id)) problems.push(`duplicate operationId ${id}`);
        ids.add(id);
      }
      const params = (operation['parameters'] ?? []) as Json[];
      const declared = params.filter((p) => p['in'] === 'path').map((p) => p['name']);
      for (const name of templated)
        if (!declared.includes(name)) problems.push(`${method} ${path}: {${String(name)}} undeclared`);
      for (const name of declared)
        if (!templated.includes(name as string))
          problems.push(`${method} ${path}: ${String(name)} not in path`);
      for (const p of params) {
        if (!['query', 'header', 'path', 'cookie'].includes(p['in'] as string))
          problems.push(`${path}: parameter in`);
        if (p['in'] === 'path' && p['required'] !== true)
          problems.push(`${path}: path parameter not required`);
      }
      const responses = operation['responses'] as Record<string, Json> | undefined;
      if (!responses || Object.keys(responses).length === 0) problems.push(`${method} ${path}: no responses`);
      for (const [code, response] of Object.entries(responses ?? {})) {
        if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(code)) problems.push(`${method} ${path}: status ${code}`);
        if (typeof response['description'] !== 'string')
          problems.push(`${method} ${path} ${code}: no description`);
      }
    }
  }
  for (const { ref, at } of refsOf(doc)) {
    if (resolvePointer(doc, ref) === undefined) problems.push(`${at}: $ref ${ref} does not resolve`);
  }
  return problems;
}
