import type { Element } from 'domhandler';
import { attr, descendants, isElement, renderedText } from '@forage/html';
import { clean, hiddenInTree, xpathOf } from './page-structure.js';

/** A cookie banner or modal over the page, and the control that dismisses it. */
export interface OverlayDismiss {
  readonly xpath: string;
  readonly name: string;
}

/** A modal by its semantics, or a consent banner by the names sites conventionally give it. */
const CONSENT_NAME = /(^|[-_ ])(cookie|cookies|consent|gdpr|cmp|privacy-banner)([-_ ]|$)/i;
/** Dismissing words, best first: refusing keeps the least data, closing next, accepting last. */
const DISMISS: readonly RegExp[] = [
  /^(reject|decline|refuse|deny)( all)?$|^(only|use) (necessary|essential)|necessary only|essential only|ablehnen|refuser|rechazar/i,
  /^(close|dismiss|no,? thanks|not now|later|skip|×|✕|x)$|schließen|fermer|cerrar/i,
  /^(accept|agree|allow|ok|okay|got it|i understand|continue)( all| cookies)?$|akzeptieren|accepter|aceptar/i,
];
/** Attributes dialog libraries put on their close controls (Bootstrap, Foundation, Micromodal, a11y-dialog). */
const DISMISS_ATTRIBUTES = [
  'data-dismiss',
  'data-bs-dismiss',
  'data-close',
  'data-micromodal-close',
  'data-a11y-dialog-hide',
];

/** A banner or modal that sits over the page: an open dialog, a dialog role, aria-modal, or a consent-named box. */
export function isOverlay(el: Element): boolean {
  const role = attr(el, 'role') ?? '';
  // a document whose root says "cookie-consent-given" is not itself a banner
  if (el.name === 'html' || el.name === 'body' || el.name === 'main') return false;
  return (
    (el.name === 'dialog' && attr(el, 'open') !== undefined) ||
    role === 'dialog' ||
    role === 'alertdialog' ||
    attr(el, 'aria-modal') === 'true' ||
    CONSENT_NAME.test(`${attr(el, 'id') ?? ''} ${attr(el, 'class') ?? ''}`)
  );
}

/** Inside a banner or modal (its controls are the overlay's, not the page's). */
export function inOverlay(el: Element): boolean {
  for (let n: Element | null = el; n; n = isElement(n.parent) ? n.parent : null)
    if (isOverlay(n)) return true;
  return false;
}

/** Each overlay's dismissing control: by its words (refuse, close, accept), else its markup, else its one way out. */
export function overlaysOf(elements: readonly Element[]): OverlayDismiss[] {
  const out: OverlayDismiss[] = [];
  for (const el of elements) {
    if (!isOverlay(el) || out.some((o) => o.xpath.startsWith(xpathOf(el)))) continue;
    const controls = descendants(el)
      .filter((c) => !hiddenInTree(c))
      .filter(
        (c) =>
          c.name === 'button' ||
          attr(c, 'role') === 'button' ||
          (c.name === 'input' && /^(button|submit)$/i.test(attr(c, 'type') ?? '')),
      )
      .map((c) => ({
        el: c,
        xpath: xpathOf(c),
        name: clean(renderedText(c)) || attr(c, 'aria-label') || attr(c, 'value') || attr(c, 'title') || '',
      }));
    const hit =
      DISMISS.map((words) => controls.find((c) => words.test(c.name.trim()))).find(Boolean) ??
      controls.find((c) => closesByMarkup(c.el)) ??
      soleWayOut(controls.filter((c) => !opensMore(c.el)));
    if (hit) out.push({ xpath: hit.xpath, name: hit.name });
  }
  return out;
}

/** A control whose markup says it closes its dialog, whatever its label says. */
function closesByMarkup(c: Element): boolean {
  const command = (attr(c, 'command') ?? '').toLowerCase();
  let form: Element | null = c;
  while (form && form.name !== 'form') form = isElement(form.parent) ? form.parent : null;
  return (
    (attr(c, 'formmethod') ?? '').toLowerCase() === 'dialog' ||
    (form !== null && (attr(form, 'method') ?? '').toLowerCase() === 'dialog') ||
    command === 'close' ||
    command === 'request-close' ||
    command === 'hide-popover' ||
    (attr(c, 'popovertargetaction') ?? '').toLowerCase() === 'hide' ||
    DISMISS_ATTRIBUTES.some((a) => attr(c, a) !== undefined)
  );
}

/** A control that opens more of the overlay (preferences, a menu) rather than leaving it. */
function opensMore(c: Element): boolean {
  return (
    attr(c, 'aria-expanded') !== undefined ||
    attr(c, 'aria-haspopup') !== undefined ||
    (attr(c, 'popovertarget') !== undefined && (attr(c, 'popovertargetaction') ?? 'toggle') !== 'hide')
  );
}

/** A modal whose labels say nothing known: its one action that does not open more of it is the way out. */
function soleWayOut<T>(candidates: readonly T[]): T | undefined {
  return candidates.length === 1 ? candidates[0] : undefined;
}
