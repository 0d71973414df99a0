import type { Document, Element } from 'domhandler';
import {
  attr,
  descendants,
  elementChildren,
  headingLevel,
  isElement,
  normalizeText,
  otherItemsRegion,
  renderedText,
} from '@forage/html';
import { isSectionTitle, labelsIn } from '@forage/lexicon';

/**
 * What governs a node of the page, closest first: the table row's header and the column's header
 * of the cell that holds the value, the microdata item or the repeated card it sits in. Each names
 * the thing the value is about; `entity` is true when that thing is an item of its own (a row of a
 * comparison table, another card), false when it is only an attribute's label.
 */
export interface Governor {
  readonly via: 'row_header' | 'column_header' | 'microdata_item' | 'card';
  readonly text: string;
  readonly entity: boolean;
}

/** The context that decides what a value on a page is about. */
export interface Governance {
  /** Row/column headers, the microdata item, the card: closest first. */
  readonly governors: readonly Governor[];
  /** Set when the node sits in a region about other things (an aside, a "related"/"nearby" rail). */
  readonly region?: string;
  /** The cell holding the value, when it is in a table. */
  readonly cell?: Element;
  /** The text of the table row holding the value: the quote a subject must be named in. */
  readonly rowText?: string;
}

/** Elements that hold an item of a list: a list item, an article card, a grid cell. */
const CARD_TAGS = new Set(['li', 'article', 'div', 'section', 'figure']);

/** The page's title and first h1, as a reader sees them at the top of the page. */
export function pageTitles(doc: Document): { title?: string; h1?: string } {
  const title = descendants(doc, 'title')[0];
  const h1 = descendants(doc, 'h1')[0];
  const titleText = title ? normalizeText(renderedText(title)) : '';
  const h1Text = h1 ? normalizeText(renderedText(h1)) : '';
  return { ...(titleText ? { title: titleText } : {}), ...(h1Text ? { h1: h1Text } : {}) };
}

/**
 * What governs `element` (the node a claim cites), looking for the cell that holds `value` when
 * the node is a whole row or table.
 */
export function governanceOf(input: { element: Element; value: string }): Governance {
  const cell = cellHolding(input.element, input.value);
  const governors: Governor[] = [];
  if (cell) governors.push(...tableHeaders(cell));
  const start = cell ?? input.element;
  const item = microdataItem(start);
  if (item) governors.push(item);
  const card = cardOf(start);
  if (card) governors.push(card);
  const region = otherItemsRegion(start);
  const row = cell?.parent && isElement(cell.parent) ? cell.parent : undefined;
  return {
    governors,
    ...(region ? { region } : {}),
    ...(cell ? { cell } : {}),
    ...(row ? { rowText: text(row) } : {}),
  };
}

function cellHolding(element: Element, value: string): Element | undefined {
  for (let el: Element | null = element; el; el = isElement(el.parent) ? el.parent : null) {
    if (el.name === 'td' || el.name === 'th') return el;
    if (el.name === 'tr' || el.name === 'table' || el.name === 'tbody') break;
    if (el.name === 'body') return undefined;
  }
  if (!['tr', 'table', 'tbody', 'thead'].includes(element.name)) return undefined;
  const wanted = normalizeText(value).toLowerCase();
  if (wanted === '') return undefined;
  return descendants(element).find(
    (d) =>
      (d.name === 'td' || d.name === 'th') && normalizeText(renderedText(d)).toLowerCase().includes(wanted),
  );
}

function tableHeaders(cell: Element): Governor[] {
  const row = cell.parent && isElement(cell.parent) && cell.parent.name === 'tr' ? cell.parent : undefined;
  if (!row) return [];
  const table = ancestor(row, 'table');
  if (!table) return [];
  const rows = descendants(table, 'tr').filter((r) => ancestor(r, 'table') === table);
  const cells = cellsOf(row);
  const column = cells.indexOf(cell);
  const out: Governor[] = [];
  const headerRow = rows.find((r) => {
    const cs = cellsOf(r);
    return cs.length > 1 && cs.every((c) => c.name === 'th' || text(c) === '');
  });
  const dataRows = rows.filter((r) => r !== headerRow);
  const rowHeader = cells[0];
  const rowHeaderText = rowHeader && rowHeader !== cell ? text(rowHeader) : '';
  const rowIsLabel = rowHeaderText !== '' && labelsIn(rowHeaderText).length > 0;
  // a two-column table is keys and values (a specification); items in rows need more columns
  if (rowHeaderText)
    out.push({
      via: 'row_header',
      text: rowHeaderText,
      entity: dataRows.length >= 2 && cells.length >= 3 && !rowIsLabel,
    });
  if (headerRow && headerRow !== row && column > 0) {
    const header = cellsOf(headerRow)[column];
    const headerText = header ? text(header) : '';
    const isLabel = headerText !== '' && labelsIn(headerText).length > 0;
    // entities across the columns (a comparison table) when the rows are labelled by attributes
    if (headerText) out.push({ via: 'column_header', text: headerText, entity: rowIsLabel && !isLabel });
  }
  return out;
}

function microdataItem(element: Element): Governor | undefined {
  for (let el: Element | null = element; el; el = isElement(el.parent) ? el.parent : null) {
    if (attr(el, 'itemscope') === undefined) continue;
    const name = descendants(el).find((d) => attr(d, 'itemprop') === 'name' && nearestScope(d) === el);
    if (!name) return undefined;
    const value = attr(name, 'content') ?? text(name);
    return value ? { via: 'microdata_item', text: value, entity: true } : undefined;
  }
  return undefined;
}

function nearestScope(element: Element): Element | undefined {
  for (let el = element.parent; el && isElement(el); el = el.parent) {
    if (attr(el, 'itemscope') !== undefined) return el;
  }
  return undefined;
}

/**
 * The repeated card the node sits in: the nearest ancestor that is one of several siblings of the
 * same tag and class (list items, article cards, grid cells), titled by its heading or first link.
 */
function cardOf(element: Element): Governor | undefined {
  for (let el: Element | null = element; el; el = isElement(el.parent) ? el.parent : null) {
    if (['body', 'html', 'main', 'tr', 'td', 'th', 'tbody', 'table'].includes(el.name)) return undefined;
    // paragraphs and inline text are not items, however alike and linked they are
    if (!CARD_TAGS.has(el.name)) continue;
    const parent = el.parent;
    if (!parent || !isElement(parent)) return undefined;
    const cls = attr(el, 'class') ?? '';
    const alike = elementChildren(parent).filter(
      (s) => s.name === el.name && (attr(s, 'class') ?? '') === cls,
    );
    // several titled siblings: items of a list, not the columns of one item's layout
    const titled = alike.filter((s) => cardTitle(s) !== undefined);
    if (titled.length < 2 || descendants(el, 'h1').length > 0) continue;
    const title = cardTitle(el);
    // a box titled "Product details" or "Specifications" is a section of the item it belongs to
    if (title && isSectionTitle(title)) continue;
    if (title) return { via: 'card', text: title, entity: true };
  }
  return undefined;
}

function cardTitle(card: Element): string | undefined {
  const all = descendants(card);
  const heading = all.find((d) => headingLevel(d) !== undefined && namesSomething(text(d)));
  const link = all.find(
    (d) => d.name === 'a' && /^(?!#|javascript:)./i.test(attr(d, 'href') ?? '') && namesSomething(text(d)),
  );
  const strong = all.find((d) => (d.name === 'strong' || d.name === 'b') && namesSomething(text(d)));
  const chosen = heading ?? link ?? strong;
  return chosen ? text(chosen) || undefined : undefined;
}

/**
 * A title names something: it has words, not only an amount ("2,86 €", "EUR 129", "4.5"), and it
 * is no attribute's label ("Code:", "Price") — a label heads a value, it does not name an item.
 */
function namesSomething(title: string): boolean {
  const t = title.trim();
  if (!/\p{L}{2,}/u.test(t.replace(/\b[A-Z]{3}\b/g, ''))) return false;
  if (/[:：]$/.test(t)) return false;
  const hits = labelsIn(t);
  return !(hits.length === 1 && hits[0]?.index === 0 && hits[0].label.length >= t.length - 1);
}

function ancestor(element: Element, tag: string): Element | undefined {
  for (let el = element.parent; el && isElement(el); el = el.parent) if (el.name === tag) return el;
  return undefined;
}

function cellsOf(row: Element): Element[] {
  return elementChildren(row).filter((c) => c.name === 'td' || c.name === 'th');
}

function text(el: Element): string {
  return normalizeText(renderedText(el));
}
