import type { FieldSchema } from '@forage/contracts';
import { attributeOfField } from './field-names.js';
import type { PageFacts, PageRecord } from './page-facts.js';
import { chunksUnder, listingRecord, rowRecord } from './records.js';
import { tableRowsOf } from './table-rows.js';
import { typeOf } from './values.js';

/** How many records of a group are tried when choosing the group that holds an array's items. */
const SAMPLE = 5;
/** Rows a table needs before its rows are items. */
const MIN_ROWS = 2;
/** How sure a table cell's reading is: the cell is under its header, nothing more is known. */
const ROW_CONFIDENCE = 0.8;

/**
 * The page's repeated records that hold the items of an array: the cards of one kind of listing
 * (never the main item itself) or the rows of one table, whichever states more of the item's
 * fields; none when no group states any.
 */
export function itemRecordsOf(input: { page: PageFacts; item: FieldSchema }): PageRecord[] {
  const { page } = input;
  const groups: PageRecord[][] = [];
  const byKind = new Map<string, PageRecord[]>();
  for (const listing of page.listings) {
    if (listing.xpath === page.mainItem?.xpath) continue;
    const record = listingRecord({ listing, main: false, chunks: chunksUnder(page.chunks, listing.xpath) });
    byKind.set(listing.kind, [...(byKind.get(listing.kind) ?? []), record]);
  }
  groups.push(...byKind.values());
  for (const rows of tableRowsOf(page.chunks).values())
    if (rows.length >= MIN_ROWS) groups.push(rows.map((row) => rowRecord(row, ROW_CONFIDENCE)));
  let best: { records: PageRecord[]; score: number } | undefined;
  for (const records of groups) {
    const score = coverage(records.slice(0, SAMPLE), input.item);
    if (score > 0 && (!best || score > best.score)) best = { records, score };
  }
  return best?.records ?? [];
}

/** How many scalar fields of the item the records state, summed over the records. */
function coverage(records: readonly PageRecord[], item: FieldSchema): number {
  const fields = Object.entries(item.properties ?? {}).filter(([, node]) => {
    const type = typeOf(node);
    return type !== 'object' && type !== 'array';
  });
  let found = 0;
  for (const record of records)
    for (const [name, node] of fields)
      if (record.read({ name, attribute: attributeOfField(name, node) })) found++;
  return found;
}
