import type { SourcedChunk } from '@forage/contracts';

/** One row of a data table as the text model writes it (`Header: value; Header: value`), with its chunk. */
export interface TableRow {
  readonly chunk: SourcedChunk;
  /** The table element the row is in (its XPath). */
  readonly table: string;
  readonly cells: ReadonlyMap<string, string>;
}

/**
 * The rows of the page's tables, grouped by table, in page order. A chunk is a row when its XPath
 * is a table row and its text is `Header: value` pairs separated by semicolons.
 */
export function tableRowsOf(chunks: readonly SourcedChunk[]): Map<string, TableRow[]> {
  const tables = new Map<string, TableRow[]>();
  for (const chunk of chunks) {
    const table = tableOf(chunk.xpath);
    const cells = cellsOf(chunk.text);
    if (!table || !cells) continue;
    tables.set(table, [...(tables.get(table) ?? []), { chunk, table, cells }]);
  }
  return tables;
}

/** `Rank: 1; Country: Sheth; Population: 66,967,605` → its cells by header; undefined for other text. */
export function cellsOf(text: string): Map<string, string> | undefined {
  const parts = text.split('; ');
  if (parts.length < 2) return undefined;
  const cells = new Map<string, string>();
  for (const part of parts) {
    const at = part.indexOf(': ');
    if (at <= 0) return undefined;
    cells.set(part.slice(0, at).trim(), part.slice(at + 2).trim());
  }
  return cells;
}

/** The table a row's XPath is in (`…/table[1]/tbody[1]/tr[3]` → `…/table[1]`). */
export function tableOf(xpath: string): string | undefined {
  const match = /^(.*\/table\[\d+\])(?:\/(?:tbody|thead|tfoot)\[\d+\])?\/tr\[\d+\]$/.exec(xpath);
  return match?.[1];
}
