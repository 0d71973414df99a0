import type { Document, Element } from 'domhandler';
import type { InventoryElement, ScriptedElement } from '@forage/contracts';
import { accessibleName, DocumentIndex, type AccessibleName } from '../accessible-name.js';
import { asDocument, attr, descendants, isElement, isNeverRendered, roleOf } from '@forage/html';
import { interactiveRole } from '../interactive.js';
import { collapseWhitespace, renderedText } from '../text.js';
import { xpathOf } from '../xpath.js';
import { describeElement } from './describe.js';
import {
  isChecked,
  isEnabled,
  isExpanded,
  isVisible,
  options as selectOptions,
  valueOf,
} from './element-state.js';
import { candidateLocators, cssString, rankLocators } from './locators.js';

export interface InventoryOptions {
  /** Elements dom-extraction saw with JavaScript listeners (by XPath in the same DOM). */
  readonly scripted?: readonly ScriptedElement[];
  /** The page's URL, to tell internal links from external ones. */
  readonly url?: string;
  /** Most elements returned, in document order. */
  readonly max?: number;
}

interface Found {
  readonly el: Element;
  readonly role: string;
  readonly roleLocatable: boolean;
  readonly name: AccessibleName;
  readonly xpath: string;
  readonly events?: readonly string[];
}

/**
 * Everything a page offers to act on: links, buttons, every input type, selects, text areas,
 * summary toggles, ARIA widgets, editable regions, focusable elements (tabindex ≥ 0), elements with
 * script listeners and forms. Each comes with its state, form membership, a one-sentence
 * description and locators ranked by stability. Hidden elements are kept and marked not visible.
 */
export function buildInventory(html: string | Document, options: InventoryOptions = {}): InventoryElement[] {
  const doc = asDocument(html);
  const index = new DocumentIndex(doc);
  const scriptedByXpath = new Map((options.scripted ?? []).map((s) => [s.xpath, s]));
  const found: Found[] = [];
  const max = options.max ?? 1_000;
  for (const el of descendants(doc)) {
    if (found.length >= max) break;
    if (insideNeverRendered(el)) continue;
    const xpath = xpathOf(el);
    const scripted = scriptedByXpath.get(xpath);
    const role = inventoryRole(el, scripted !== undefined);
    if (!role) continue;
    found.push({
      el,
      role,
      roleLocatable: role !== 'form' && role !== 'generic' && hasQueryableRole(el, role),
      name: nameOf({ el, role, index, scripted }),
      xpath,
      ...(scripted ? { events: scripted.events } : {}),
    });
  }
  const ids = new Map(found.map((f, i) => [f.el, `e${i + 1}`]));
  const texts = new Map(found.map((f) => [f.el, collapseWhitespace(renderedText(f.el))]));
  const candidates = found.map((f) => candidateLocators({ ...f, text: texts.get(f.el) ?? '' }));
  const counts = new Map<string, number>();
  for (const list of candidates)
    for (const c of list) counts.set(c.selector, (counts.get(c.selector) ?? 0) + 1);
  // ids and name attributes are unique or not across the whole document, not just its controls
  for (const f of found) {
    const id = attr(f.el, 'id');
    if (id) counts.set(`#${id}`, index.isUniqueId(id) ? 1 : 2);
    const nameAttr = attr(f.el, 'name');
    if (nameAttr)
      counts.set(
        `${f.el.name}[name=${cssString(nameAttr)}]`,
        index.isUniqueName(f.el.name, nameAttr) ? 1 : 2,
      );
  }
  return found.map((f, i) =>
    toElement({
      f,
      id: ids.get(f.el) ?? '',
      ids,
      index,
      url: options.url,
      locators: rankLocators(candidates[i] ?? [], counts),
    }),
  );
}

function toElement(input: {
  f: Found;
  id: string;
  ids: ReadonlyMap<Element, string>;
  index: DocumentIndex;
  url: string | undefined;
  locators: InventoryElement['locators'];
}): InventoryElement {
  const { f, ids } = input;
  const el = f.el;
  const type = typeOf(el);
  const form = formOf(el, input.index);
  const formName = form ? accessibleName(form, 'form', input.index).name : undefined;
  const controls = attr(el, 'aria-controls')?.trim().split(/\s+/).filter(Boolean).slice(0, 20);
  const checked = isChecked(el);
  const expanded = isExpanded(el);
  const value = valueOf(el);
  const opts = el.name === 'select' ? selectOptions(el).slice(0, 200) : undefined;
  const required = attr(el, 'required') !== undefined || attr(el, 'aria-required') === 'true';
  const isForm = f.role === 'form';
  const fieldCount = isForm
    ? descendants(el).filter(
        (d) => ['input', 'select', 'textarea'].includes(d.name) && attr(d, 'type') !== 'hidden',
      ).length
    : undefined;
  const action = isForm ? (attr(el, 'action') ?? '') : undefined;
  const method = isForm ? (attr(el, 'method') ?? 'get').toLowerCase() : undefined;
  const description = describeElement({
    tag: el.name,
    role: f.role,
    name: f.name.name,
    ...(type ? { type } : {}),
    ...(attr(el, 'href') !== undefined ? { href: attr(el, 'href') } : {}),
    ...(form ? { formName: formName ?? '' } : {}),
    ...(input.url ? { pageOrigin: input.url } : {}),
    ...(opts ? { optionCount: opts.length } : {}),
    ...(expanded !== undefined ? { expanded } : {}),
    ...(controls?.length ? { controls } : {}),
    ...(required ? { required } : {}),
    ...(f.events ? { events: f.events } : {}),
    ...(action !== undefined ? { action } : {}),
    ...(method ? { method } : {}),
    ...(fieldCount !== undefined ? { fieldCount } : {}),
  });
  return {
    id: input.id,
    tag: el.name.slice(0, 50),
    role: f.role,
    name: f.name.name,
    description: description.slice(0, 500),
    ...(type ? { type } : {}),
    visible: isVisible(el),
    enabled: isEnabled(el),
    ...(required ? { required } : {}),
    ...(checked !== undefined ? { checked } : {}),
    ...(expanded !== undefined ? { expanded } : {}),
    ...(controls?.length ? { controls } : {}),
    ...(value !== undefined ? { value: value.slice(0, 1000) } : {}),
    ...(opts
      ? {
          options: opts.map((o) => ({
            value: o.value.slice(0, 500),
            label: o.label.slice(0, 500),
            selected: o.selected,
          })),
        }
      : {}),
    ...(form && ids.get(form) ? { form: ids.get(form) } : {}),
    ...(action !== undefined ? { action: action.slice(0, 2000) } : {}),
    ...(method ? { method: method.slice(0, 20) } : {}),
    ...(f.events ? { events: [...f.events] } : {}),
    locators: input.locators.slice(0, 8),
    xpath: f.xpath,
  };
}

/** Its accessible name; script-driven and focusable elements without one are named by their text, as a user sees them. */
function nameOf(input: {
  el: Element;
  role: string;
  index: DocumentIndex;
  scripted: ScriptedElement | undefined;
}): AccessibleName {
  const name = accessibleName(input.el, input.role, input.index);
  if (name.name || input.role !== 'generic') return name;
  const text = collapseWhitespace(renderedText(input.el)).slice(0, 300) || (input.scripted?.name ?? '');
  return { name: text, source: text ? 'content' : 'none' };
}

/** The role the inventory files an element under, or undefined when it offers nothing to act on. */
function inventoryRole(el: Element, scripted: boolean): string | undefined {
  if (el.name === 'form') return 'form';
  if (el.name === 'input' && attr(el, 'type')?.toLowerCase() === 'hidden') return undefined;
  const role = interactiveRole(el);
  if (role) return role;
  const explicit = roleOf(el);
  const tabindex = Number(attr(el, 'tabindex') ?? 'NaN');
  if (scripted || (Number.isInteger(tabindex) && tabindex >= 0)) return explicit ?? 'generic';
  return undefined;
}

/** Nominal-role controls (password, date, file inputs, summary, contenteditable) cannot be queried by role. */
function hasQueryableRole(el: Element, role: string): boolean {
  if (roleOf(el) !== undefined) return true;
  if (el.name === 'summary' || attr(el, 'contenteditable') !== undefined) return false;
  if (el.name === 'input')
    return !['password', 'date', 'datetime-local', 'month', 'week', 'time', 'color', 'file'].includes(
      attr(el, 'type')?.toLowerCase() ?? 'text',
    );
  return role !== 'generic';
}

function typeOf(el: Element): string | undefined {
  if (el.name === 'input') return (attr(el, 'type') ?? 'text').toLowerCase().slice(0, 40);
  if (el.name === 'button') return (attr(el, 'type') ?? 'submit').toLowerCase().slice(0, 40);
  return undefined;
}

const FORM_CONTROLS = new Set(['input', 'select', 'textarea', 'button', 'fieldset', 'output', 'object']);

/** The form a control belongs to: its form="…" attribute, else its nearest <form> ancestor. */
function formOf(el: Element, index: DocumentIndex): Element | undefined {
  if (!FORM_CONTROLS.has(el.name)) return undefined;
  const byId = attr(el, 'form');
  if (byId) {
    const target = index.element(byId);
    return target?.name === 'form' ? target : undefined;
  }
  for (let cur = el.parent; isElement(cur); cur = cur.parent) if (cur.name === 'form') return cur;
  return undefined;
}

function insideNeverRendered(el: Element): boolean {
  for (let cur: Element | undefined = el; cur; cur = isElement(cur.parent) ? cur.parent : undefined)
    if (isNeverRendered(cur)) return true;
  return false;
}
