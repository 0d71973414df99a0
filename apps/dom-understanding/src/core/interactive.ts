import type { Document, Element, ParentNode } from 'domhandler';
import type { InteractiveElement } from '@forage/contracts';
import { accessibleName, DocumentIndex, type AccessibleName } from './accessible-name.js';
import { asDocument, attr, elementChildren, isHidden, isNeverRendered, roleOf } from '@forage/html';
import { locatorFor, roleNameKey } from './locator.js';
import { xpathOf } from './xpath.js';

export interface InteractiveOptions {
  /** Most elements returned, in document order. */
  readonly max?: number;
}

/** Explicit roles that make any element something a user can act on. */
const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'combobox',
  'textbox',
  'searchbox',
  'slider',
  'spinbutton',
  'treeitem',
  'listbox',
]);

/**
 * The elements a user (or action-execution) can act on: links, buttons, form controls, summary
 * toggles, editable regions and anything with an interactive ARIA role, each with its role,
 * accessible name, a Playwright locator and its XPath. Hidden subtrees are skipped; chrome is
 * not (navigation links are exactly what exploration needs).
 */
export function findInteractive(
  html: string | Document,
  options: InteractiveOptions = {},
): InteractiveElement[] {
  const doc = asDocument(html);
  const index = new DocumentIndex(doc);
  const found: { el: Element; role: string; roleLocatable: boolean; name: AccessibleName; xpath: string }[] =
    [];
  const max = options.max ?? 500;
  const visit = (parent: ParentNode): void => {
    for (const el of elementChildren(parent)) {
      if (found.length >= max) return;
      if (isNeverRendered(el) || isHidden(el)) continue;
      const role = interactiveRole(el);
      if (role) {
        const roleLocatable = hasAriaRole(el);
        found.push({ el, role, roleLocatable, name: accessibleName(el, role, index), xpath: xpathOf(el) });
      }
      visit(el);
    }
  };
  visit(doc);
  const roleNameCounts = new Map<string, number>();
  for (const f of found) {
    const key = roleNameKey(f.role, f.name.name);
    roleNameCounts.set(key, (roleNameCounts.get(key) ?? 0) + 1);
  }
  return found.map((f, i) => ({
    id: `e${i + 1}`,
    tag: f.el.name.slice(0, 50),
    role: f.role,
    name: f.name.name,
    locator: locatorFor({
      ...f,
      index,
      roleNameCount: roleNameCounts.get(roleNameKey(f.role, f.name.name)) ?? 0,
    }),
    xpath: f.xpath,
  }));
}

/** Controls without an ARIA role of their own (password, date, file inputs, summary, contenteditable) get a nominal one. */
const NOMINAL_ROLE_INPUTS = new Set([
  'password',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
  'color',
  'file',
]);

function hasAriaRole(el: Element): boolean {
  if (roleOf(el) !== undefined) return true;
  if (el.name === 'summary' || attr(el, 'contenteditable') !== undefined) return false;
  return !(el.name === 'input' && NOMINAL_ROLE_INPUTS.has(attr(el, 'type')?.toLowerCase() ?? 'text'));
}

/** The ARIA role an element is acted on through, or undefined when it is not interactive. */
export function interactiveRole(el: Element): string | undefined {
  const explicit = roleOf(el);
  if (explicit && INTERACTIVE_ROLES.has(explicit)) return explicit;
  if (explicit === 'presentation' || explicit === 'none') return undefined;
  const editable = attr(el, 'contenteditable');
  if (editable !== undefined && editable.toLowerCase() !== 'false') return 'textbox';
  switch (el.name) {
    case 'a':
    case 'area':
      return attr(el, 'href') !== undefined ? 'link' : undefined;
    case 'button':
    case 'summary':
      return 'button';
    case 'select':
      return attr(el, 'multiple') !== undefined || Number(attr(el, 'size') ?? '1') > 1
        ? 'listbox'
        : 'combobox';
    case 'textarea':
      return 'textbox';
    case 'input':
      return inputRole(attr(el, 'type')?.toLowerCase() ?? 'text', attr(el, 'list') !== undefined);
    default:
      return undefined;
  }
}

function inputRole(type: string, hasList: boolean): string | undefined {
  switch (type) {
    case 'hidden':
      return undefined;
    case 'checkbox':
    case 'radio':
      return type;
    case 'submit':
    case 'reset':
    case 'button':
    case 'image':
      return 'button';
    case 'range':
      return 'slider';
    case 'number':
      return 'spinbutton';
    case 'search':
      return hasList ? 'combobox' : 'searchbox';
    case 'email':
    case 'tel':
    case 'text':
    case 'url':
      return hasList ? 'combobox' : 'textbox';
    case 'password':
      return 'textbox';
    default:
      // date, time, color, file…: no single ARIA role, but still controls to fill
      return 'textbox';
  }
}
