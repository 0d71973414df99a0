import { z } from 'zod';

export const runIdSchema = z.uuid().meta({ description: 'Identifies one user request end to end' });
export const sha256Schema = z
  .string()
  .regex(/^[a-f0-9]{64}$/, 'must be a lowercase hex sha256')
  .meta({ description: 'sha256 of the stored (plaintext) artefact' });
export const httpUrlSchema = z
  .url({ protocol: /^https?$/ })
  .max(4096)
  .meta({ description: 'An absolute http(s) URL' });
export const isoTimeSchema = z.iso.datetime({ offset: true });

/**
 * The longest question Forage accepts, in characters: the one limit for every contract a question
 * travels in (the HTTP API, run.start, search's query), so a question the gateway accepts is never
 * refused further down.
 */
export const QUESTION_MAX_CHARS = 500;
export const questionTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(QUESTION_MAX_CHARS)
  .meta({ description: `A question in natural language, at most ${QUESTION_MAX_CHARS} characters` });

/** `chunk_set`: a page's content chunks (JSON), stored once by dom-understanding and read by reference. */
export const evidenceKindSchema = z.enum(['dom_snapshot', 'screenshot', 'raw_html', 'chunk_set']);
export type EvidenceKind = z.infer<typeof evidenceKindSchema>;

/** A pointer to an artefact in the evidence store; artefacts never travel inside messages. */
export const evidenceRefSchema = z
  .object({
    sha256: sha256Schema,
    kind: evidenceKindSchema,
    size: z.number().int().nonnegative(),
    contentType: z.string().max(200),
  })
  .meta({ title: 'EvidenceRef', description: 'Content address of an artefact in the evidence store' });
export type EvidenceRef = z.infer<typeof evidenceRefSchema>;
