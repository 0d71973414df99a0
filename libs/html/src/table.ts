import type { Element } from 'domhandler';
import { attr, descendants, elementChildren, isElement } from './dom.js';
import { contentText } from './ui.js';
import { isHidden } from './visibility.js';

/** Markup inside a cell that means the table lays out the page rather than holding data. */
const LAYOUT_CONTENT = new Set([
  'table',
  'p',
  'ul',
  'ol',
  'dl',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'section',
  'article',
  'form',
]);
const MAX_DATA_ROW_CHARS = 600;

export type RowRendering = { kind: 'header' } | { kind: 'text'; text: string };

/**
 * Reads table rows as text a question can be matched against: `Header: value` pairs when the
 * row has a row header (`<th>Population</th><td>1,234,567</td>` → "Population: 1,234,567") or the
 * table has a column header row, cells joined with "; " otherwise. The column header row itself
 * renders as `header` (no text of its own).
 */
export class TableReader {
  private readonly columnHeaders = new Map<Element, string[] | null>();

  /** False for layout rows (cells holding paragraphs, lists, headings, nested tables or long text). */
  isDataRow(row: Element): boolean {
    const cells = cellsOf(row);
    if (cells.length === 0) return false;
    if (cells.some((cell) => descendants(cell).some((d) => LAYOUT_CONTENT.has(d.name)))) return false;
    return cells.reduce((n, cell) => n + contentText(cell).length, 0) <= MAX_DATA_ROW_CHARS;
  }

  render(row: Element): RowRendering {
    const table = tableOf(row);
    const headers = table ? this.headersOf(table) : null;
    if (table && this.headerRowOf(table) === row) return { kind: 'header' };
    const cells = cellsOf(row).map((cell) => ({ cell, text: contentText(cell), span: colspanOf(cell) }));
    const filled = cells.filter((c) => c.text.length > 0);
    if (filled.length === 0) return { kind: 'text', text: '' };
    if (headers) {
      const parts: string[] = [];
      let column = 0;
      for (const { text, span } of cells) {
        const header = headers[column];
        column += span;
        if (!text) continue;
        parts.push(header && header !== text ? `${header}: ${text}` : text);
      }
      return { kind: 'text', text: parts.join('; ') };
    }
    const [first, ...rest] = filled;
    if (first && first.cell.name === 'th' && rest.length > 0 && rest.every((c) => c.cell.name === 'td')) {
      return { kind: 'text', text: `${first.text}: ${rest.map((c) => c.text).join('; ')}` };
    }
    return { kind: 'text', text: filled.map((c) => c.text).join('; ') };
  }

  private headersOf(table: Element): string[] | null {
    if (this.columnHeaders.has(table)) return this.columnHeaders.get(table) ?? null;
    const headerRow = this.headerRowOf(table);
    let headers: string[] | null = null;
    if (headerRow) {
      headers = [];
      for (const cell of cellsOf(headerRow)) {
        const text = contentText(cell);
        for (let i = 0; i < colspanOf(cell); i++) headers.push(text);
      }
    }
    this.columnHeaders.set(table, headers);
    return headers;
  }

  /** The last all-<th> row of <thead>, else a first row of two or more <th> cells followed by other rows. */
  private headerRowOf(table: Element): Element | undefined {
    const rows = rowsOf(table);
    const allHeaders = (row: Element): boolean => {
      const cells = cellsOf(row);
      return cells.length > 0 && cells.every((c) => c.name === 'th');
    };
    const inHead = rows.filter((r) => isElement(r.parent) && r.parent.name === 'thead' && allHeaders(r));
    if (inHead.length > 0) return inHead[inHead.length - 1];
    const first = rows[0];
    if (first && rows.length > 1 && allHeaders(first) && cellsOf(first).length >= 2) return first;
    return undefined;
  }
}

function cellsOf(row: Element): Element[] {
  return elementChildren(row).filter((c) => (c.name === 'td' || c.name === 'th') && !isHidden(c));
}

/** The rows that belong to this table (not to tables nested in its cells), in document order. */
function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of elementChildren(table)) {
    if (child.name === 'tr') rows.push(child);
    else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
      rows.push(...elementChildren(child).filter((r) => r.name === 'tr'));
    }
  }
  return rows.filter((r) => !isHidden(r));
}

function tableOf(row: Element): Element | undefined {
  for (let p = row.parent; isElement(p); p = p.parent) if (p.name === 'table') return p;
  return undefined;
}

function colspanOf(cell: Element): number {
  const n = Number.parseInt(attr(cell, 'colspan') ?? '1', 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100) : 1;
}
