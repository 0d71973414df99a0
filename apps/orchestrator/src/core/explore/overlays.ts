import type { Element } from 'domhandler';
import { attr, descendants, renderedText } from '@forage/html';
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

export function overlaysOf(elements: readonly Element[]): OverlayDismiss[] {
  const out: OverlayDismiss[] = [];
  for (const el of elements) {
    const role = attr(el, 'role') ?? '';
    const modal =
      (el.name === 'dialog' && attr(el, 'open') !== undefined) ||
      role === 'dialog' ||
      role === 'alertdialog' ||
      attr(el, 'aria-modal') === 'true' ||
      CONSENT_NAME.test(`${attr(el, 'id') ?? ''} ${attr(el, 'class') ?? ''}`);
    if (!modal || out.some((o) => o.xpath.startsWith(xpathOf(el)))) continue;
    const controls = descendants(el)
      .filter((c) => !hiddenInTree(c))
      .filter(
        (c) =>
          c.name === 'button' ||
          attr(c, 'role') === 'button' ||
          (c.name === 'input' && /^(button|submit)$/i.test(attr(c, 'type') ?? '')),
      )
      .map((c) => ({
        xpath: xpathOf(c),
        name: clean(renderedText(c)) || attr(c, 'aria-label') || attr(c, 'value') || attr(c, 'title') || '',
      }));
    for (const words of DISMISS) {
      const hit = controls.find((c) => words.test(c.name.trim()));
      if (hit) {
        out.push(hit);
        break;
      }
    }
  }
  return out;
}
