import type { Claim, ClaimVerdict, ExtractedField, SchemaExtraction, VerdictRef } from '@forage/contracts';
import type { FieldMatch } from './match.js';

/** Claims a verify.run.v1 request carries at most. */
export const CLAIMS_PER_REQUEST = 100;

/**
 * The claim for each found field, for the verifier: the value as written at its Source, the
 * record it belongs to (the page's main item, or the item the card or row names), the attribute
 * when the lexicon knows it, and the page as its scope. Claim ids are the fields' indexes.
 */
export function claimsOf(input: { matches: readonly FieldMatch[]; url: string }): Claim[] {
  const claims: Claim[] = [];
  input.matches.forEach((match, i) => {
    if (!('found' in match)) return;
    const { found } = match;
    claims.push({
      claimId: `field-${String(i)}`,
      kind: 'listing_field',
      field: match.path.slice(0, 100),
      text: found.text.slice(0, 2000),
      confidence: found.confidence,
      source: found.source,
      ...(match.subject ? { subject: match.subject } : {}),
      ...(match.attribute ? { attribute: { id: match.attribute } } : {}),
      ...(match.attribute === 'price' && typeof found.value === 'number'
        ? { value: { type: 'money' as const, amount: found.value } }
        : {}),
      scope: { kind: 'page', urls: [input.url], followLinks: false },
    });
  });
  return claims;
}

/** Claims in batches a verify request takes. */
export function batchesOf<T>(items: readonly T[], size = CLAIMS_PER_REQUEST): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The extraction as released: every field with its status (verified only when the verifier said
 * so), its Source and the reasons; `data` holds verified values only, in the schema's shape.
 */
export function extractionOf(input: {
  matches: readonly FieldMatch[];
  verdicts: readonly ClaimVerdict[];
  verdict?: VerdictRef | undefined;
}): SchemaExtraction {
  const byId = new Map(input.verdicts.map((v) => [v.claimId, v]));
  const data: Record<string, unknown> = {};
  const fields = input.matches.map((match, i): ExtractedField => {
    const base = { path: match.path, required: match.required };
    // every item of an array is in data, as an object, even when none of its fields was verified
    const parent = match.path.replace(/\.?[^.[\]]+$/, '');
    if (/\]$/.test(parent)) ensureObjectAt(data, parent);
    if (!('found' in match)) return { ...base, status: 'missing', reason: match.missing };
    const { found } = match;
    const verdict = byId.get(`field-${String(i)}`);
    const withValue = { ...base, value: found.value, text: found.text, source: found.source };
    if (!verdict) return { ...withValue, status: 'rejected', reason: 'the verifier gave no verdict' };
    if (verdict.verdict !== 'verified')
      return {
        ...withValue,
        status: 'rejected',
        ...(verdict.outcome ? { outcome: verdict.outcome } : {}),
        reason: (verdict.reasons ?? []).join('; ').slice(0, 2000) || 'not verified',
      };
    setAt(data, match.path, found.value);
    return { ...withValue, status: 'verified', outcome: 'verified' };
  });
  const complete = fields.every((f) => !f.required || f.status === 'verified');
  return { data, fields, complete, ...(input.verdict ? { verdict: input.verdict } : {}) };
}

/** Makes `a.b[2]` an object in the data, creating the objects and arrays on the way. */
function ensureObjectAt(target: Record<string, unknown>, path: string): void {
  const keys = keysOf(path);
  let at: Record<string | number, unknown> = target;
  keys.forEach((key, i) => {
    const next = keys[i + 1];
    at[key] ??= typeof next === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  });
}

function keysOf(path: string): (string | number)[] {
  return path.split(/\.|(?=\[)/).map((k) => (k.startsWith('[') ? Number(k.slice(1, -1)) : k));
}

/** Sets `a.b[2].c` in an object, creating the objects and arrays on the way. */
function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = keysOf(path);
  let at: Record<string | number, unknown> = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) {
      at[key] = value;
      return;
    }
    const next = keys[i + 1];
    at[key] ??= typeof next === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  });
}
