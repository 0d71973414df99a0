import { readFile } from 'node:fs/promises';
import { extractResponseSchema, extractionSchemaSchema, type FieldSchema } from '@forage/contracts';
import type { Progress } from '../cli/progress.js';
import { EX_DATAERR, EX_NOPERM, EX_UNAVAILABLE, EX_USAGE } from './exit-codes.js';
import { GatewayRequestError, postJson } from './gateway-client.js';

/** The schema file could not be read or is not a schema Forage reads (the message says which rule). */
export class SchemaFileError extends Error {
  override readonly name = 'SchemaFileError';
}

/** A JSON Schema file, checked against the subset and limits `POST /v1/extract` accepts. */
export async function readSchemaFile(file: string): Promise<FieldSchema> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    throw new SchemaFileError(`${file}: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
  const parsed = extractionSchemaSchema.safeParse(json);
  if (!parsed.success)
    throw new SchemaFileError(
      `${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/**
 * `forage extract URL… --schema FILE`: each URL read into the schema by the running stack
 * (`POST /v1/extract`), one JSON line per page: the verified data, every field with its status,
 * Source and reason, and whether every required field was verified. A page that could not be read
 * is reported and sets the exit code; a field that is missing is in the line, not an error.
 */
export async function extractUrlsWithSchema(input: {
  urls: readonly string[];
  schemaFile: string;
  gatewayUrl: string;
  apiKey?: string | undefined;
  write: (line: string) => void;
  warn: (line: string) => void;
  progress: Progress;
}): Promise<number> {
  let schema: FieldSchema;
  try {
    schema = await readSchemaFile(input.schemaFile);
  } catch (err) {
    input.warn(`forage extract: --schema ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof SchemaFileError ? EX_DATAERR : EX_USAGE;
  }
  let code = 0;
  for (const url of input.urls) {
    try {
      const page = await postJson({
        gatewayUrl: input.gatewayUrl,
        path: '/v1/extract',
        body: { url, schema },
        schema: extractResponseSchema,
        apiKey: input.apiKey,
      });
      if (page.outcome.kind === 'blocked') {
        input.warn(`forage extract: ${url}: blocked (${page.outcome.reason}): ${page.outcome.detail}`);
        code = Math.max(code, EX_NOPERM);
      }
      const extraction = page.extraction;
      input.write(
        JSON.stringify({
          url,
          finalUrl: page.finalUrl,
          status: page.status,
          logRecordId: page.logRecordId,
          ...(extraction ?? {}),
        }),
      );
    } catch (err) {
      input.warn(`forage extract: ${url}: ${err instanceof Error ? err.message : String(err)}`);
      code = Math.max(
        code,
        err instanceof GatewayRequestError && err.status === 403 ? EX_NOPERM : EX_UNAVAILABLE,
      );
    } finally {
      input.progress.tick();
    }
  }
  return code;
}
