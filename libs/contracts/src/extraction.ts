import { z } from 'zod';
import { verdictRefSchema, claimOutcomeSchema, claimSourceSchema } from './verify.js';

/**
 * Structured extraction: a JSON Schema the user gives (a subset: objects, arrays of objects,
 * strings, numbers, integers, booleans, enums, dates, required) and what came back for each of
 * its fields, with the one `Source` and the verifier's verdict behind every value.
 */

/** Most nodes (properties at any depth, array items included) a schema may declare. */
export const EXTRACTION_SCHEMA_MAX_NODES = 200;
/** Deepest nesting of objects and arrays a schema may declare (the root object is depth 1). */
export const EXTRACTION_SCHEMA_MAX_DEPTH = 6;

export const fieldTypeSchema = z.enum(['object', 'array', 'string', 'number', 'integer', 'boolean']);
export type FieldType = z.infer<typeof fieldTypeSchema>;

/** One node of a user's JSON Schema, in the subset Forage reads. */
export interface FieldSchema {
  type?: FieldType | undefined;
  title?: string | undefined;
  description?: string | undefined;
  properties?: Record<string, FieldSchema> | undefined;
  required?: string[] | undefined;
  items?: FieldSchema | undefined;
  enum?: (string | number | boolean)[] | undefined;
  format?: string | undefined;
}

export const fieldSchemaSchema: z.ZodType<FieldSchema> = z.lazy(() =>
  z
    .object({
      type: fieldTypeSchema.optional(),
      title: z.string().max(200).optional(),
      description: z.string().max(1000).optional(),
      properties: z.record(z.string().min(1).max(100), fieldSchemaSchema).optional(),
      required: z.array(z.string().max(100)).max(EXTRACTION_SCHEMA_MAX_NODES).optional(),
      items: fieldSchemaSchema.optional(),
      enum: z
        .array(z.union([z.string().max(200), z.number(), z.boolean()]))
        .min(1)
        .max(100)
        .optional(),
      format: z.string().max(40).optional(),
    })
    // other JSON Schema keywords ($schema, additionalProperties, minimum…) are accepted and not read
    .loose(),
);

/** How many nodes a schema declares and how deep it nests (the root counts as depth 1). */
export function extractionSchemaSize(schema: FieldSchema): { nodes: number; depth: number } {
  const children = [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : [])];
  let nodes = 1;
  let depth = 0;
  for (const child of children) {
    const size = extractionSchemaSize(child);
    nodes += size.nodes;
    depth = Math.max(depth, size.depth);
  }
  return { nodes, depth: depth + 1 };
}

/**
 * The schema of a structured extraction: an object at the root, within the size and depth limits
 * (a larger schema is refused with an issue that names the limit, before any page is read).
 */
export const extractionSchemaSchema = fieldSchemaSchema
  .superRefine((schema, ctx) => {
    if ((schema.type ?? (schema.properties ? 'object' : undefined)) !== 'object' || !schema.properties)
      ctx.addIssue({ code: 'custom', message: 'the schema must be an object with properties' });
    const { nodes, depth } = extractionSchemaSize(schema);
    if (nodes > EXTRACTION_SCHEMA_MAX_NODES)
      ctx.addIssue({
        code: 'custom',
        message: `schema_too_large: the schema declares ${String(nodes)} fields; at most ${String(EXTRACTION_SCHEMA_MAX_NODES)} are read`,
      });
    if (depth > EXTRACTION_SCHEMA_MAX_DEPTH)
      ctx.addIssue({
        code: 'custom',
        message: `schema_too_deep: the schema nests ${String(depth)} levels; at most ${String(EXTRACTION_SCHEMA_MAX_DEPTH)} are read`,
      });
  })
  .meta({
    title: 'ExtractionSchema',
    description: `A JSON Schema (objects, arrays of objects, strings, numbers, booleans, enums, required) of at most ${String(EXTRACTION_SCHEMA_MAX_NODES)} fields and ${String(EXTRACTION_SCHEMA_MAX_DEPTH)} levels`,
  });

/**
 * What came back for one field: `verified` (the verifier checked the value at its Source),
 * `rejected` (a value was found, the verifier did not verify it; it is not in `data`), `missing`
 * (nothing on the page matches the field).
 */
export const extractedFieldStatusSchema = z.enum(['verified', 'rejected', 'missing']);
export type ExtractedFieldStatus = z.infer<typeof extractedFieldStatusSchema>;

export const extractedFieldSchema = z
  .object({
    path: z
      .string()
      .max(500)
      .meta({ description: 'The field in the schema, as a JSON path (`offers.price`, `items[2].name`)' }),
    status: extractedFieldStatusSchema,
    required: z.boolean(),
    value: z.union([z.string().max(2000), z.number(), z.boolean()]).optional(),
    /** The value as the page writes it (what the verifier looked for at the XPath). */
    text: z.string().max(2000).optional(),
    source: claimSourceSchema.optional(),
    outcome: claimOutcomeSchema.optional(),
    /** Why the field is missing or rejected. */
    reason: z.string().max(2000).optional(),
  })
  .meta({ title: 'ExtractedField', description: 'One field of a structured extraction, with its evidence' });
export type ExtractedField = z.infer<typeof extractedFieldSchema>;

export const schemaExtractionSchema = z
  .object({
    /** The object the schema describes, holding verified values only. */
    data: z.record(z.string(), z.unknown()),
    fields: z.array(extractedFieldSchema).max(2000),
    /** Every required field was verified. */
    complete: z.boolean(),
    verdict: verdictRefSchema.optional(),
  })
  .meta({
    title: 'SchemaExtraction',
    description: "A page read into the user's schema: verified values, and each field's source and status",
  });
export type SchemaExtraction = z.infer<typeof schemaExtractionSchema>;
