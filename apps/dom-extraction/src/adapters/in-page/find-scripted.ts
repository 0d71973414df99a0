/**
 * Runs in the page through CDP `Runtime.evaluate` with `includeCommandLineAPI`, which gives it the
 * DevTools `getEventListeners(node)` (the DOMDebugger listener lookup) for every node in one round
 * trip. Self-contained: no imports, no outer names.
 *
 * Walks the document and its open shadow roots in order, skipping what already says it is
 * interactive (links, buttons, form controls, summary, contenteditable, interactive ARIA roles) and
 * everything inside it, and returns the elements with input listeners. Bounded by `maxNodes`
 * inspected and `maxMs` spent. XPaths are in the stored document's terms: a shadow root is the
 * `template[1]` step under its host, as it is serialised.
 */

export interface RawScriptedElement {
  readonly xpath: string;
  readonly tag: string;
  readonly name: string;
  readonly events: string[];
}

export interface ScriptedScan {
  readonly found: RawScriptedElement[];
  readonly inspected: number;
  readonly complete: boolean;
}

export function findScriptedElements(input: {
  maxNodes: number;
  maxMs: number;
  maxFound: number;
  events: string[];
}): ScriptedScan {
  const startedAt = performance.now();
  const lookup = (globalThis as unknown as Record<string, unknown>)['getEventListeners'];
  if (typeof lookup !== 'function') return { found: [], inspected: 0, complete: false };
  const listenersOf = lookup as (el: Element) => Record<string, unknown[] | undefined>;
  const NATIVE = new Set([
    'a',
    'area',
    'button',
    'input',
    'select',
    'textarea',
    'option',
    'optgroup',
    'label',
    'summary',
    'details',
    'iframe',
    'embed',
    'object',
    'video',
    'audio',
    'dialog',
  ]);
  const SKIP = new Set([
    'head',
    'script',
    'style',
    'noscript',
    'template',
    'link',
    'meta',
    'svg',
    'math',
    'canvas',
  ]);
  const ROLES = new Set([
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
    'gridcell',
    'scrollbar',
  ]);
  const wanted = new Set(input.events);
  const found: RawScriptedElement[] = [];
  let inspected = 0;
  let complete = true;

  const step = (el: Element): string => {
    let position = 1;
    for (let s = el.previousElementSibling; s; s = s.previousElementSibling)
      if (s.localName === el.localName) position++;
    return /^[a-z][a-z0-9-]*$/.test(el.localName)
      ? `${el.localName}[${position}]`
      : `*[local-name()='${el.localName.replace(/'/g, '')}'][${position}]`;
  };
  const nameOf = (el: Element): string =>
    (el.getAttribute('aria-label') ?? el.getAttribute('title') ?? el.getAttribute('alt') ?? el.textContent)
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 300);
  const declaresInteraction = (el: Element): boolean => {
    if (NATIVE.has(el.localName)) return true;
    const role = el.getAttribute('role')?.trim().toLowerCase().split(/\s+/)[0];
    if (role && ROLES.has(role)) return true;
    const editable = el.getAttribute('contenteditable');
    return editable !== null && editable !== 'false';
  };

  const visit = (parent: Element | ShadowRoot, path: string): boolean => {
    for (let el = parent.firstElementChild; el; el = el.nextElementSibling) {
      if (inspected >= input.maxNodes || found.length >= input.maxFound) return false;
      if (inspected % 200 === 0 && performance.now() - startedAt > input.maxMs) return false;
      const here = `${path}/${step(el)}`;
      if (SKIP.has(el.localName) || declaresInteraction(el)) continue;
      // the body is where frameworks delegate every listener; it is not an element one clicks
      if (el.localName !== 'body') {
        inspected++;
        const listeners = listenersOf(el);
        const events = Object.keys(listeners).filter(
          (type) => wanted.has(type) && (listeners[type]?.length ?? 0) > 0,
        );
        if (events.length > 0) found.push({ xpath: here, tag: el.localName, name: nameOf(el), events });
      }
      if (el.shadowRoot && !visit(el.shadowRoot, `${here}/template[1]`)) return false;
      if (!visit(el, here)) return false;
    }
    return true;
  };

  const root = document.documentElement as Element | null;
  if (root) complete = visit(root, `/${step(root)}`);
  return { found, inspected, complete };
}
