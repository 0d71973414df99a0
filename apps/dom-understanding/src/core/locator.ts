import type { Element } from 'domhandler';
import { attr } from '@forage/html';
import type { AccessibleName, DocumentIndex } from './accessible-name.js';

const CSS_IDENT = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;
/** Name sources Playwright's accessible-name computation is sure to agree with. */
const ROLE_SAFE_SOURCES = new Set<AccessibleName['source']>([
  'aria-label',
  'labelledby',
  'label',
  'content',
  'value',
]);
const MAX_ROLE_NAME_CHARS = 200;

/**
 * A Playwright locator string for an element, most stable first: `#id` (unique, CSS-safe id),
 * `tag[name="…"]` (unique among that tag), `role=button[name="…"s]` (exact, case-sensitive
 * accessible name, unique among the page's interactive elements), else `xpath=/html[1]/…`.
 */
export function locatorFor(input: {
  el: Element;
  role: string;
  /** False for controls whose role is nominal (a password input has no ARIA role to query). */
  roleLocatable: boolean;
  name: AccessibleName;
  xpath: string;
  index: DocumentIndex;
  /** How many interactive elements on the page share this role and name. */
  roleNameCount: number;
}): string {
  const { el, index } = input;
  const id = attr(el, 'id');
  if (id && CSS_IDENT.test(id) && index.isUniqueId(id)) return `#${id}`;
  const name = attr(el, 'name');
  if (name && index.isUniqueName(el.name, name)) return `${el.name}[name=${cssString(name)}]`;
  if (
    input.roleLocatable &&
    input.name.name &&
    ROLE_SAFE_SOURCES.has(input.name.source) &&
    input.name.name.length <= MAX_ROLE_NAME_CHARS &&
    input.roleNameCount === 1
  ) {
    return `role=${input.role}[name=${JSON.stringify(input.name.name)}s]`;
  }
  return `xpath=${input.xpath}`;
}

export function roleNameKey(role: string, name: string): string {
  return `${role}|${name}`;
}

function cssString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ')}"`;
}
