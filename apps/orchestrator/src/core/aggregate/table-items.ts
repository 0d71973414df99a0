import type { ScoredAnswer, SourcedChunk } from '@forage/contracts';
import { numbersIn } from '@forage/lexicon';
import { tableRowsOf, type TableRow } from '@forage/schema-extraction';
import { termsOf } from '../explore/site-frontier.js';
import type { ListingItem } from './listing-items.js';

/** A row as the text model writes it: `Header: value` pairs separated by semicolons. */
type Row = Pick<TableRow, 'chunk' | 'cells'>;

const MIN_ROWS = 3;

/**
 * The rows of a data table as items: rows of one table (chunks under the same table element) that
 * share their headers, at least three of them. The item's name is the cell under the header naming
 * the noun asked for ("Country" for countries), else, in a table under a heading naming the noun,
 * the first column whose cells are all words; each
 * cell that is a number is a value under its header ("Population" → 66967605). A table of one
 * thing's facts (an infobox: one `Label: value` per row) shares no headers between rows and yields
 * nothing.
 */
export function tableItems(chunks: readonly SourcedChunk[], noun?: string): ListingItem[] {
  const tables = tableRowsOf(chunks);
  const items: ListingItem[] = [];
  for (const rows of tables.values()) items.push(...itemsOfTable(rows, noun));
  return items;
}

function itemsOfTable(rows: readonly Row[], noun: string | undefined): ListingItem[] {
  const headers = [...(rows[0]?.cells.keys() ?? [])];
  const sameHeaders = rows.filter(
    (r) => r.cells.size === headers.length && headers.every((h) => r.cells.has(h)),
  );
  if (sameHeaders.length < MIN_ROWS || headers.length < 2) return [];
  const nameHeader = nameColumn(sameHeaders, headers, noun);
  if (!nameHeader) return [];
  return sameHeaders.flatMap((row) => {
    const name = row.cells.get(nameHeader) ?? '';
    if (name === '') return [];
    const values: Record<string, number> = {};
    for (const [header, cell] of row.cells) {
      const only = numbersIn(cell);
      if (header !== nameHeader && only.length === 1 && only[0])
        values[header.toLowerCase()] = only[0].amount;
    }
    const source: ScoredAnswer['source'] = {
      chunkId: row.chunk.chunkId,
      nodeId: row.chunk.chunkId,
      url: row.chunk.url,
      title: row.chunk.title,
      xpath: row.chunk.xpath,
      domSnapshot: row.chunk.domSnapshot,
      logRecordId: row.chunk.logRecordId,
      snippet: row.chunk.text,
    };
    // L07 §4 as the listing reader scores: 0.8 × completeness (cells filled) + 0.2 × selector stability (not re-read: 0)
    const filled = [...row.cells.values()].filter((c) => c !== '').length / headers.length;
    const confidence = Math.round(0.8 * filled * 1000) / 1000;
    return [
      { name, url: row.chunk.url, text: row.chunk.text, values, confidence, source, evidence: [source] },
    ];
  });
}

/**
 * The header naming the noun asked for, else (when the table's headings name the noun) the first
 * whose cells are all words, each different.
 */
function nameColumn(
  rows: readonly Row[],
  headers: readonly string[],
  noun: string | undefined,
): string | undefined {
  const wanted = noun ? termsOf(noun) : new Set<string>();
  const named = headers.find((h) => [...termsOf(h)].some((t) => wanted.has(t)));
  if (named) return named;
  // no column names the noun: the rows are its members only when the table's headings do
  // ("List of lakes by depth" for lakes; a country page's table of towns is no list of countries)
  const first = rows[0]?.chunk;
  const context = first ? termsOf([...first.headingPath, first.title].join(' ')) : new Set<string>();
  if (noun && ![...wanted].some((t) => context.has(t))) return undefined;
  return headers.find((h) => {
    const cells = rows.map((r) => r.cells.get(h) ?? '');
    return new Set(cells).size === cells.length && cells.every((c) => c !== '' && numbersIn(c).length === 0);
  });
}
