import type { Element } from 'domhandler';
import type { ElementLocator } from '@forage/contracts';
import type { AccessibleName } from '../accessible-name.js';
import { attr } from '@forage/html';

const CSS_IDENT = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;
const TEST_ID_ATTRS = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
/** Names Playwright's accessible-name computation is sure to agree with. */
const ROLE_SAFE: ReadonlySet<AccessibleName['source']> = new Set([
  'aria-label',
  'labelledby',
  'label',
  'content',
  'value',
]);
/** Ids that look generated (long digit runs, hashes) change between builds and reloads. */
const GENERATED_ID = /\d{4,}|[0-9a-f]{8,}|^(ember|react|ng|mui|radix|headlessui)[-_:]?/i;

/** How many elements on the page each candidate selector names, keyed by selector. */
export type SelectorCounts = ReadonlyMap<string, number>;

export interface LocatorInput {
  readonly el: Element;
  readonly role: string;
  /** False for controls whose role is nominal (a password input has no ARIA role to query). */
  readonly roleLocatable: boolean;
  readonly name: AccessibleName;
  readonly xpath: string;
  readonly text: string;
}

/**
 * Candidate selectors for an element, most stable first: a test id, a hand-written id, role + name,
 * the label, a tag + name attribute, its visible text, and always its absolute XPath last.
 */
export function candidateLocators(input: LocatorInput): Omit<ElementLocator, 'unique'>[] {
  const { el, name } = input;
  const out: Omit<ElementLocator, 'unique'>[] = [];
  for (const a of TEST_ID_ATTRS) {
    const v = attr(el, a);
    if (v) out.push({ kind: 'test-id', selector: `[${a}=${cssString(v)}]` });
  }
  const id = attr(el, 'id');
  if (id && CSS_IDENT.test(id) && !GENERATED_ID.test(id)) out.push({ kind: 'id', selector: `#${id}` });
  if (input.roleLocatable && name.name && ROLE_SAFE.has(name.source) && name.name.length <= 200)
    out.push({ kind: 'role', selector: `role=${input.role}[name=${JSON.stringify(name.name)}s]` });
  if (name.source === 'label' && name.name.length <= 200)
    out.push({ kind: 'label', selector: `internal:label=${JSON.stringify(name.name)}s` });
  const nameAttr = attr(el, 'name');
  if (nameAttr) out.push({ kind: 'css', selector: `${el.name}[name=${cssString(nameAttr)}]` });
  if (input.text && input.text.length <= 80 && !['input', 'select', 'textarea', 'form'].includes(el.name))
    out.push({ kind: 'text', selector: `text=${JSON.stringify(input.text)}s` });
  out.push({ kind: 'xpath', selector: `xpath=${input.xpath}` });
  return out;
}

/** Marks each locator unique or not, and puts unique ones first, keeping the stability order within each. */
export function rankLocators(
  candidates: readonly Omit<ElementLocator, 'unique'>[],
  counts: SelectorCounts,
): ElementLocator[] {
  const marked = candidates.map((c) => ({
    ...c,
    unique: c.kind === 'xpath' || counts.get(c.selector) === 1,
  }));
  return [...marked.filter((c) => c.unique), ...marked.filter((c) => !c.unique)];
}

export function cssString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\a ')}"`;
}
