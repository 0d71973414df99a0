import type { Element } from 'domhandler';
import { attr } from './dom.js';
import { renderedText } from './rendered-text.js';
import { roleOf } from './visibility.js';

/** Form controls and their labels describe the UI, not the page's content (they are interactive elements). */
const CONTROLS = new Set([
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'input',
  'datalist',
  'label',
  'output',
  'meter',
  'progress',
]);

/** Widgets named by ARIA roles are UI, like the native controls above (links are content and stay). */
const WIDGET_ROLES = new Set([
  'button',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'slider',
  'spinbutton',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
]);

/**
 * UI rather than page text: form controls and labels, ARIA widgets, and in-page links (skip links,
 * tables of contents, "Back to top", footnote markers), which navigate but do not inform.
 */
export function isUi(el: Element): boolean {
  if (CONTROLS.has(el.name) || WIDGET_ROLES.has(roleOf(el) ?? '')) return true;
  return el.name === 'a' && attr(el, 'href')?.startsWith('#') === true;
}

/** The page text inside an element on one line: its rendered text without UI (see `isUi`). */
export function contentText(el: Element): string {
  return renderedText(el, { skip: isUi });
}
