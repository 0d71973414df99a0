import { QUESTION_MAX_CHARS } from '@forage/contracts';
import {
  readCounts,
  readDates,
  readLocation,
  readPrice,
  readSites,
  withoutOperators,
  type QueryFilters,
} from './filters.js';
import { classifySchema, type SchemaType } from './schema-type.js';
import { detectLanguage } from './language.js';

/** A query understood: the user's words kept, constraints read out of them. */
export interface ParsedQuery {
  readonly original: string;
  /** The query without operators (`site:`), whitespace collapsed. */
  readonly text: string;
  readonly filters: QueryFilters;
  readonly schemaType: SchemaType;
  readonly language: string;
}

/** The query cannot be searched; the class says which rule it broke. Never retryable. */
export class QueryRejectedError extends Error {
  override readonly name: string = 'QueryRejectedError';
}

export class EmptyQueryError extends QueryRejectedError {
  override readonly name = 'EmptyQueryError';
}

export class QueryTooLongError extends QueryRejectedError {
  override readonly name = 'QueryTooLongError';
}

/**
 * QueryParser: rejects empty or over-long queries, then reads location, price bounds, dates,
 * counts and `site:` operators, the schema type and the language. `today` anchors relative dates.
 */
export function parseQuery(raw: string, options: { today: Date; maxChars?: number }): ParsedQuery {
  const original = raw.normalize('NFC').trim();
  const maxChars = options.maxChars ?? QUESTION_MAX_CHARS;
  if (!/[\p{L}\p{N}]/u.test(original)) throw new EmptyQueryError('the query is empty');
  const length = Array.from(original).length;
  if (length > maxChars)
    throw new QueryTooLongError(`the query has ${length} characters; at most ${maxChars} are searched`);
  const text = withoutOperators(original).replace(/\s+/g, ' ');
  const price = readPrice(text);
  const dates = readDates(text, options.today);
  const counts = readCounts(text);
  const sites = readSites(original);
  const location = readLocation(text);
  const filters: QueryFilters = {
    ...(location ? { location } : {}),
    ...(price ? { price } : {}),
    ...(dates ? { dates } : {}),
    ...(counts ? { counts } : {}),
    ...(sites ? { sites } : {}),
  };
  return {
    original,
    text,
    filters,
    schemaType: classifySchema(text, filters),
    language: detectLanguage(text),
  };
}
