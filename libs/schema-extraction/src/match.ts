import { extractionSchemaSize, type ClaimSource, type FieldSchema } from '@forage/contracts';
import { currencyOf } from '@forage/lexicon';
import { attributeOfField, isNameField } from './field-names.js';
import type { PageFacts, PageRecord } from './page-facts.js';
import { itemRecordsOf } from './items.js';
import { pageRecord } from './records.js';
import { typeOf, valueFor } from './values.js';

/** Most items read for one array of the schema. */
export const MAX_ITEMS = 50;
/** Most fields one array's items may add up to (each is a claim the verifier checks). */
export const MAX_ARRAY_FIELDS = 500;

/** One leaf field of the schema and what the page holds for it. */
export type FieldMatch = {
  /** `offers.price`, `products[2].name`. */
  readonly path: string;
  readonly required: boolean;
  /** The lexicon attribute the field asks for, when it names one. */
  readonly attribute?: string | undefined;
  /** The record the value belongs to: the page's main item, or an item named on the page. */
  readonly subject?: { mainItem: true } | { asked: string } | undefined;
} & (
  | {
      readonly found: {
        readonly value: string | number | boolean;
        readonly text: string;
        readonly source: ClaimSource;
        readonly confidence: number;
      };
    }
  | { readonly missing: string }
);

/**
 * Every leaf field of the schema matched to the page, without I/O: the root object is the page's
 * own record (its main item, else labelled values outside listing cards), a nested object is the
 * same record, an array of objects is the page's repeated records (listing cards or table rows).
 * A field nothing matches is missing with the reason; no value is made up.
 */
export function matchSchema(input: { schema: FieldSchema; page: PageFacts }): FieldMatch[] {
  return matchObject({
    node: input.schema,
    record: pageRecord(input.page),
    page: input.page,
    path: '',
    required: true,
  });
}

function matchObject(input: {
  node: FieldSchema;
  record: PageRecord;
  page: PageFacts;
  path: string;
  required: boolean;
}): FieldMatch[] {
  const { node, record, page } = input;
  const required = new Set(node.required ?? []);
  const out: FieldMatch[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const path = input.path ? `${input.path}.${name}` : name;
    const isRequired = input.required && required.has(name);
    const type = typeOf(child);
    if (type === 'object') {
      out.push(...matchObject({ node: child, record, page, path, required: isRequired }));
    } else if (type === 'array') {
      out.push(...matchArray({ node: child, page, path, required: isRequired }));
    } else {
      out.push(matchLeaf({ name, node: child, record, path, required: isRequired }));
    }
  }
  return out;
}

function matchArray(input: {
  node: FieldSchema;
  page: PageFacts;
  path: string;
  required: boolean;
}): FieldMatch[] {
  const items = input.node.items;
  if (!items || typeOf(items) !== 'object')
    return [{ path: input.path, required: input.required, missing: 'only arrays of objects are read' }];
  const perItem = Math.max(1, extractionSchemaSize(items).nodes - 1);
  const limit = Math.min(MAX_ITEMS, Math.max(1, Math.floor(MAX_ARRAY_FIELDS / perItem)));
  const records = itemRecordsOf({ page: input.page, item: items }).slice(0, limit);
  if (records.length === 0)
    return [
      {
        path: input.path,
        required: input.required,
        missing: 'the page has no repeated records (listing cards or table rows) with these fields',
      },
    ];
  return records.flatMap((record, i) =>
    matchObject({
      node: items,
      record,
      page: input.page,
      path: `${input.path}[${String(i)}]`,
      required: true,
    }),
  );
}

function matchLeaf(input: {
  name: string;
  node: FieldSchema;
  record: PageRecord;
  path: string;
  required: boolean;
}): FieldMatch {
  const { name, node, record, path, required } = input;
  const attribute = attributeOfField(name, node);
  const subject = record.main
    ? ({ mainItem: true } as const)
    : record.name && !isNameField(name)
      ? { asked: record.name }
      : undefined;
  const base = { path, required, attribute, subject };
  const found = record.read({ name, attribute });
  if (!found) return { ...base, missing: `no value for "${name}" on the page` };
  // a currency is reported as its ISO 4217 code, however the page writes it ("pln", "€")
  const raw = attribute === 'currency' ? (currencyOf(String(found.raw)) ?? found.raw) : found.raw;
  const typed = valueFor(node, raw);
  if ('reason' in typed) return { ...base, missing: typed.reason };
  return {
    ...base,
    found: { value: typed.value, text: found.text, source: found.source, confidence: found.confidence },
  };
}
