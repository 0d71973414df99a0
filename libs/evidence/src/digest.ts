import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** sha256 (lowercase hex) of a value's canonical JSON: the same content always has the same digest. */
export function digestOf(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
