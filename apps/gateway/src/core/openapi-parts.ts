/** Pieces of the OpenAPI document shared by its sections. */
import { z } from 'zod';

export type JsonObject = Record<string, unknown>;

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a contract schema. A recursive schema (a user's
 * extraction schema) keeps its definitions in `$defs`; `at` is where the schema sits in the
 * document, so its references point there and not at the document's root.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', at?: string): JsonObject {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  delete json['$schema'];
  if (at === undefined || json['$defs'] === undefined) return json;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${at}/$defs/`)) as JsonObject;
}

export const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
export const jsonContent = (name: string): JsonObject => ({ 'application/json': { schema: ref(name) } });
export const error = (description: string): JsonObject => ({
  description,
  content: jsonContent('ErrorReply'),
});
export const commonErrors = {
  '400': error('The request broke its contract'),
  '401': error('An API key is required or was refused'),
  '429': error('Too many requests; see Retry-After'),
  '503': error('A service behind the gateway did not answer'),
};
