import type { Document, Element } from 'domhandler';
import { attr, descendants, isElement } from '@forage/html';
import { collapseWhitespace, renderedText } from './text.js';

/** Where a name came from; only names Playwright computes the same way are safe in a role locator. */
export type NameSource =
  'labelledby' | 'aria-label' | 'label' | 'value' | 'content' | 'placeholder' | 'title' | 'alt' | 'none';

export interface AccessibleName {
  readonly name: string;
  readonly source: NameSource;
}

const MAX_NAME_CHARS = 500;

/** Roles whose accessible name comes from their content (WAI-ARIA "name from content"). */
const NAME_FROM_CONTENT = new Set([
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
  'treeitem',
]);

/** Lookups over one document that name computation and locators need: ids, labels, names. */
export class DocumentIndex {
  private readonly byId = new Map<string, Element[]>();
  private readonly labelsFor = new Map<string, Element[]>();
  private readonly byTagAndName = new Map<string, number>();

  constructor(doc: Document) {
    for (const el of descendants(doc)) {
      const id = attr(el, 'id');
      if (id) this.byId.set(id, [...(this.byId.get(id) ?? []), el]);
      const forId = el.name === 'label' ? attr(el, 'for') : undefined;
      if (forId) this.labelsFor.set(forId, [...(this.labelsFor.get(forId) ?? []), el]);
      const name = attr(el, 'name');
      if (name !== undefined)
        this.byTagAndName.set(`${el.name}|${name}`, (this.byTagAndName.get(`${el.name}|${name}`) ?? 0) + 1);
    }
  }

  element(id: string): Element | undefined {
    const found = this.byId.get(id);
    return found?.length === 1 ? found[0] : undefined;
  }

  isUniqueId(id: string): boolean {
    return this.byId.get(id)?.length === 1;
  }

  isUniqueName(tag: string, name: string): boolean {
    return this.byTagAndName.get(`${tag}|${name}`) === 1;
  }

  labels(id: string): Element[] {
    return this.labelsFor.get(id) ?? [];
  }
}

/**
 * A simplified accessible name (after the W3C accname algorithm): aria-labelledby, aria-label,
 * associated <label>s, a button input's value, content for roles named from content, then
 * placeholder, title and alt.
 */
export function accessibleName(el: Element, role: string, index: DocumentIndex): AccessibleName {
  const found = (name: string, source: NameSource): AccessibleName | undefined => {
    const clean = collapseWhitespace(name).slice(0, MAX_NAME_CHARS);
    return clean ? { name: clean, source } : undefined;
  };
  const labelledBy = attr(el, 'aria-labelledby')
    ?.split(/\s+/)
    .map((id) => index.element(id))
    .filter((e): e is Element => e !== undefined)
    .map((e) => renderedText(e, { withAltText: true }))
    .join(' ');
  const type = attr(el, 'type')?.toLowerCase();
  const isButtonInput =
    el.name === 'input' && (type === 'submit' || type === 'reset' || type === 'button' || type === 'image');
  return (
    found(labelledBy ?? '', 'labelledby') ??
    found(attr(el, 'aria-label') ?? '', 'aria-label') ??
    (isLabelable(el) && !isButtonInput ? found(labelText(el, index), 'label') : undefined) ??
    (isButtonInput ? found(buttonInputLabel(el, type), 'value') : undefined) ??
    (NAME_FROM_CONTENT.has(role) || el.name === 'summary'
      ? found(renderedText(el, { withAltText: true }), 'content')
      : undefined) ??
    found(attr(el, 'placeholder') ?? '', 'placeholder') ??
    found(attr(el, 'title') ?? '', 'title') ??
    found(attr(el, 'alt') ?? '', 'alt') ?? { name: '', source: 'none' }
  );
}

function isLabelable(el: Element): boolean {
  return (
    el.name === 'input' ||
    el.name === 'select' ||
    el.name === 'textarea' ||
    el.name === 'meter' ||
    el.name === 'progress'
  );
}

/** Text of the <label for=id> elements and of a wrapping <label>, without the control's own text. */
function labelText(el: Element, index: DocumentIndex): string {
  const id = attr(el, 'id');
  const labels = id ? [...index.labels(id)] : [];
  for (let p = el.parent; isElement(p); p = p.parent) {
    if (p.name === 'label') {
      if (!labels.includes(p)) labels.push(p);
      break;
    }
  }
  const skipControls = (e: Element): boolean =>
    e.name === 'select' || e.name === 'textarea' || e.name === 'input';
  return labels.map((label) => renderedText(label, { withAltText: true, skip: skipControls })).join(' ');
}

/** What a browser shows on a button-like <input>: its value, or alt for an image, or the default caption. */
function buttonInputLabel(el: Element, type: string | undefined): string {
  if (type === 'image') return attr(el, 'alt') || attr(el, 'value') || 'Submit';
  const value = attr(el, 'value');
  if (value !== undefined) return value;
  if (type === 'reset') return 'Reset';
  return type === 'submit' ? 'Submit' : '';
}
