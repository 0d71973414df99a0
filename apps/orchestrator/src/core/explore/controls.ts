import type { Element } from 'domhandler';
import { attr, isElement, renderedText } from '@forage/html';
import type { ElementKind } from '@forage/question';
import { clean, labelOf, xpathOf } from './page-structure.js';

/** An element of the page a person can act on, as an instruction would name it. */
export interface PageControl {
  /** `draggable`: an element made to be dragged; `region`: a named area things are dropped on. */
  readonly kind: ElementKind | 'other' | 'draggable' | 'region';
  /** Its accessible name: aria label, label, text, value, placeholder or title. */
  readonly name: string;
  readonly xpath: string;
  readonly enabled: boolean;
  readonly checked?: boolean;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
  /** The xpath of the form it belongs to. */
  readonly form?: string;
  /** A button that submits its form. */
  readonly submits?: boolean;
  /** The text of the row or item it sits in (a table row, a list item, a card), for "the X next to Y". */
  readonly context?: string;
  /** A search field (type=search, role=searchbox, or in a role=search form). */
  readonly search?: boolean;
  /** A slider's bounds, step and value (native range input or role=slider). */
  readonly range?: {
    readonly min: number;
    readonly max: number;
    readonly step: number;
    readonly now: number;
    /** Moved with the arrow keys (role=slider), not given a value (a native range input). */
    readonly byKeys: boolean;
  };
  /** A text field's own traits: its input type, read-only (a widget writes it), its placeholder. */
  readonly field?: { readonly type: string; readonly readonly: boolean; readonly placeholder?: string };
  /** A table row's cells by their column header ("Score" → "87"), for "the row with the highest score". */
  readonly cells?: Readonly<Record<string, string>>;
}

const TEXT_INPUTS = new Set([
  '',
  'text',
  'search',
  'email',
  'tel',
  'password',
  'number',
  'url',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

const up = (el: Element): Element | null => (isElement(el.parent) ? el.parent : null);

/** The actionable elements of a page in document order, from the visible elements given. */
export function controlsOf(elements: readonly Element[], byId: ReadonlyMap<string, Element>): PageControl[] {
  const out: PageControl[] = [];
  for (const el of elements) {
    const kind = kindOf(el);
    if (!kind) continue;
    const named =
      kind === 'field' || kind === 'checkbox' || kind === 'radio' || kind === 'dropdown' || kind === 'slider';
    const aria = attr(el, 'aria-label');
    const text = clean(renderedText(el));
    const name = named
      ? labelOf(el, byId)
      : kind === 'region'
        ? regionName(el, byId)
        : aria || text || attr(el, 'value') || attr(el, 'title') || imageAlt(el) || '';
    const form = formOf(el);
    const type = (attr(el, 'type') ?? '').toLowerCase();
    const submits =
      kind === 'button' &&
      form !== undefined &&
      ((el.name === 'button' && type !== 'button' && type !== 'reset') ||
        (el.name === 'input' && (type === 'submit' || type === 'image')));
    out.push({
      kind,
      name,
      xpath: xpathOf(el),
      enabled: attr(el, 'disabled') === undefined && attr(el, 'aria-disabled') !== 'true',
      ...(kind === 'checkbox' || kind === 'radio'
        ? { checked: attr(el, 'checked') !== undefined || attr(el, 'aria-checked') === 'true' }
        : {}),
      ...(el.name === 'select'
        ? {
            options: el.children.filter(isElement).flatMap((c) =>
              (c.name === 'optgroup' ? c.children.filter(isElement) : [c])
                .filter((o) => o.name === 'option')
                .map((o) => ({
                  value: attr(o, 'value') ?? clean(renderedText(o)),
                  label: clean(renderedText(o)),
                })),
            ),
          }
        : {}),
      ...(form ? { form: xpathOf(form) } : {}),
      ...(submits ? { submits } : {}),
      ...contextOf(el),
      ...(kind === 'slider' ? rangeOf(el) : {}),
      ...(kind === 'field' && el.name === 'input'
        ? {
            field: {
              type,
              readonly: attr(el, 'readonly') !== undefined || attr(el, 'aria-readonly') === 'true',
              ...(attr(el, 'placeholder') ? { placeholder: attr(el, 'placeholder') } : {}),
            },
          }
        : {}),
      ...(kind === 'field' && isSearch(el, form) ? { search: true } : {}),
    });
  }
  return out;
}

function kindOf(el: Element): PageControl['kind'] | undefined {
  const role = attr(el, 'role')?.trim().toLowerCase();
  switch (role) {
    case 'button':
    case 'menuitem':
      return 'button';
    case 'link':
      return 'link';
    case 'checkbox':
    case 'switch':
      return 'checkbox';
    case 'radio':
      return 'radio';
    case 'tab':
      return 'tab';
    case 'option':
      return 'option';
    case 'combobox':
    case 'listbox':
      return el.name === 'input' ? 'field' : 'dropdown';
    case 'textbox':
    case 'searchbox':
      return 'field';
    case 'slider':
      return 'slider';
    case 'region':
    case 'list':
    case 'group':
      return attr(el, 'aria-label') || attr(el, 'aria-labelledby') ? 'region' : undefined;
    default:
  }
  // a button that opens a list of options is a dropdown ("choose Blue from the colour menu")
  if (attr(el, 'aria-haspopup')?.toLowerCase() === 'listbox') return 'dropdown';
  if (attr(el, 'draggable') === 'true') return 'draggable';
  if (attr(el, 'aria-dropeffect') !== undefined || attr(el, 'dropzone') !== undefined) return 'region';
  const type = (attr(el, 'type') ?? '').toLowerCase();
  switch (el.name) {
    case 'a':
      return attr(el, 'href') !== undefined ? 'link' : undefined;
    case 'button':
    case 'summary':
      return 'button';
    case 'select':
      return 'dropdown';
    case 'textarea':
      return 'field';
    case 'input':
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'submit' || type === 'button' || type === 'reset' || type === 'image') return 'button';
      if (type === 'hidden') return undefined;
      if (type === 'range') return 'slider';
      return TEXT_INPUTS.has(type) ? 'field' : 'other';
    default:
      return attr(el, 'contenteditable') === 'true' ? 'field' : undefined;
  }
}

/** A drop area's name: its label (aria), else its first heading, else the start of its text. */
function regionName(el: Element, byId: ReadonlyMap<string, Element>): string {
  const label = labelOf(el, byId);
  if (label) return label;
  const stack: Element[] = [...el.children.filter(isElement)];
  while (stack.length > 0) {
    const n = stack.shift();
    if (!n) break;
    if (/^h[1-6]$/.test(n.name)) return clean(renderedText(n));
    stack.push(...n.children.filter(isElement));
  }
  return clean(renderedText(el)).slice(0, 60);
}

function rangeOf(el: Element): { range: NonNullable<PageControl['range']> } {
  const native = el.name === 'input';
  const read = (name: string, fallback: number): number => {
    const raw = attr(el, native ? name : `aria-value${name === 'value' ? 'now' : name}`);
    const v = raw === undefined ? Number.NaN : Number(raw);
    return Number.isFinite(v) ? v : fallback;
  };
  const min = read('min', 0);
  const step = native ? read('step', 1) : 1;
  return {
    range: {
      min,
      max: read('max', 100),
      step: step > 0 ? step : 1,
      now: read('value', min),
      byKeys: !native,
    },
  };
}

function formOf(el: Element): Element | undefined {
  for (let n = up(el); n; n = up(n)) if (n.name === 'form') return n;
  return undefined;
}

function imageAlt(el: Element): string | undefined {
  const stack: Element[] = [el];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!n) break;
    if (n.name === 'img' && attr(n, 'alt')) return attr(n, 'alt');
    stack.push(...n.children.filter(isElement));
  }
  return undefined;
}

/** Rows and items: the containers whose text says what a control in them is about. */
const ROW = /^(?:tr|li|article|dd|dt|fieldset)$/;
const ROW_ROLES = new Set(['row', 'listitem', 'article', 'group']);

function contextOf(el: Element): { context?: string } {
  for (let n = up(el); n; n = up(n)) {
    if (n.name === 'form' || n.name === 'body' || n.name === 'main') return {};
    const role = attr(n, 'role')?.trim().toLowerCase();
    if (ROW.test(n.name) || (role !== undefined && ROW_ROLES.has(role))) {
      const text = clean(renderedText(n));
      if (text.length === 0 || text.length > 300) return {};
      const cells = n.name === 'tr' ? cellsOf(n) : undefined;
      return { context: text, ...(cells ? { cells } : {}) };
    }
  }
  return {};
}

/** A table row's cells under the headers of its table's first row (th cells), by header text. */
function cellsOf(row: Element): Record<string, string> | undefined {
  let table: Element | null = up(row);
  while (table && table.name !== 'table') table = up(table);
  if (!table) return undefined;
  const rows: Element[] = [];
  const stack: Element[] = [table];
  while (stack.length > 0) {
    const n = stack.shift();
    if (!n) break;
    if (n.name === 'tr') rows.push(n);
    else if (n === table || /^(?:thead|tbody|tfoot)$/.test(n.name))
      stack.push(...n.children.filter(isElement));
  }
  const head = rows.find((r) => r.children.filter(isElement).some((c) => c.name === 'th'));
  if (!head || head === row) return undefined;
  const headers = head.children.filter(isElement).map((c) => clean(renderedText(c)));
  const cells = row.children.filter(isElement).filter((c) => c.name === 'td' || c.name === 'th');
  const out: Record<string, string> = {};
  cells.forEach((c, i) => {
    const h = headers[i];
    if (h) out[h] = clean(renderedText(c));
  });
  return Object.keys(out).length > 0 ? out : undefined;
}

function isSearch(el: Element, form: Element | undefined): boolean {
  return (
    (attr(el, 'type') ?? '').toLowerCase() === 'search' ||
    attr(el, 'role')?.trim().toLowerCase() === 'searchbox' ||
    (form !== undefined && attr(form, 'role')?.trim().toLowerCase() === 'search')
  );
}
