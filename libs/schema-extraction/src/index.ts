/** Structured extraction into a user's JSON Schema: pure matching of a page's records and the claims the verifier checks. */
export { matchSchema, MAX_ITEMS, type FieldMatch } from './match.js';
export { claimsOf, batchesOf, extractionOf, CLAIMS_PER_REQUEST } from './claims.js';
export type { PageFacts, FoundValue, PageRecord } from './page-facts.js';
export { tableRowsOf, cellsOf, tableOf, type TableRow } from './table-rows.js';
export { attributeOfField } from './field-names.js';
export { readIntoSchema, type SchemaReaderPorts } from './read-into-schema.js';
