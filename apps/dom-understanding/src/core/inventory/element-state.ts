import type { Element } from 'domhandler';
import { attr, descendants, isElement, isHidden, isNeverRendered } from '@forage/html';
import { collapseWhitespace, renderedText } from '../text.js';

/** False when the author hides the element or an ancestor, or it sits in a closed <details> outside its summary. */
export function isVisible(el: Element): boolean {
  let child: Element | undefined;
  for (let cur: Element | undefined = el; cur; cur = isElement(cur.parent) ? cur.parent : undefined) {
    if (isHidden(cur) || (cur !== el && isNeverRendered(cur))) return false;
    if (cur.name === 'details' && attr(cur, 'open') === undefined && child && child.name !== 'summary')
      return false;
    child = cur;
  }
  return true;
}

/** False when disabled itself, through aria-disabled, or by a disabled <fieldset> (outside its legend). */
export function isEnabled(el: Element): boolean {
  if (attr(el, 'disabled') !== undefined || attr(el, 'aria-disabled')?.toLowerCase() === 'true') return false;
  let child: Element = el;
  for (let cur = el.parent; isElement(cur); cur = cur.parent) {
    if (cur.name === 'fieldset' && attr(cur, 'disabled') !== undefined) {
      const legend = cur.children.find((c) => isElement(c) && c.name === 'legend');
      if (legend !== child) return false;
    }
    child = cur;
  }
  return true;
}

export function isChecked(el: Element): boolean | undefined {
  const aria = attr(el, 'aria-checked') ?? attr(el, 'aria-pressed') ?? attr(el, 'aria-selected');
  if (aria !== undefined) return aria.toLowerCase() === 'true';
  if (el.name === 'input' && /^(checkbox|radio)$/i.test(attr(el, 'type') ?? ''))
    return attr(el, 'checked') !== undefined;
  return undefined;
}

export function isExpanded(el: Element): boolean | undefined {
  const aria = attr(el, 'aria-expanded');
  if (aria !== undefined) return aria.toLowerCase() === 'true';
  if (el.name === 'summary' && isElement(el.parent) && el.parent.name === 'details')
    return attr(el.parent, 'open') !== undefined;
  return undefined;
}

/** The value a control holds in the snapshot: the value attribute, a textarea's text, a select's chosen option. */
export function valueOf(el: Element): string | undefined {
  if (el.name === 'textarea') return collapseWhitespace(renderedText(el)) || undefined;
  if (el.name === 'select') return options(el).find((o) => o.selected)?.value;
  if (el.name === 'input') {
    const type = attr(el, 'type')?.toLowerCase() ?? 'text';
    if (type === 'password') return undefined;
    return attr(el, 'value');
  }
  return undefined;
}

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** A select's options; the first one is selected when none says so (as browsers do for single selects). */
export function options(select: Element): SelectOption[] {
  const found = descendants(select, 'option').map((o) => {
    const label = collapseWhitespace(renderedText(o)) || (attr(o, 'label') ?? '');
    return { value: attr(o, 'value') ?? label, label, selected: attr(o, 'selected') !== undefined };
  });
  const first = found[0];
  if (first && !found.some((o) => o.selected) && attr(select, 'multiple') === undefined)
    found[0] = { ...first, selected: true };
  return found;
}
