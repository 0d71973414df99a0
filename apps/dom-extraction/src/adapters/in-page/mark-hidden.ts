/**
 * Runs in the page (serialised by Playwright, so self-contained: no imports, no outer names).
 *
 * Decides, for every element that holds text, whether a person looking at the rendered page could
 * see that text, and stamps the elements whose text they could not with `attribute="<reason>"`
 * just before the DOM is serialised (`unmarkHiddenText` removes the stamps right after). The
 * stored snapshot so carries the render's decision, and the one text model (`@forage/html`
 * `isHidden`) leaves that text out of what chunks, answers and the verifier read.
 *
 * Reasons: `display`, `visibility`, `opacity` (the element or an ancestor), `aria-hidden`, `size`
 * (no box with an area), `clipped` (cut away by an ancestor's overflow, `clip` or `clip-path`),
 * `off-page` (outside the page's scrollable area), `font-size` (too small to read), `colour` (the
 * text's colour against the background behind it, or a transparent colour). Text in a closed
 * `<details>` counts as visible when the `<details>` is (a person opens it to read it); controls'
 * values are not text here. Open shadow roots and same-origin frames are read too.
 */

export interface HiddenTextMarks {
  /** Elements stamped, by reason. */
  readonly reasons: Record<string, number>;
  /** False when the time budget ran out before every text node was looked at. */
  readonly complete: boolean;
}

export function markHiddenText(input: { attribute: string; budgetMs: number }): HiddenTextMarks {
  const ATTR = input.attribute;
  const MIN_FONT_PX = 5;
  const MIN_VISIBLE_AREA_PX = 4;
  const MIN_CONTRAST = 1.25;
  const MIN_OPACITY = 0.1;
  const SKIP = new Set([
    'script',
    'style',
    'noscript',
    'template',
    'head',
    'title',
    'textarea',
    'option',
    'select',
  ]);
  const deadline = Date.now() + input.budgetMs;
  const reasons: Record<string, number> = {};
  let complete = true;

  type Rgba = { r: number; g: number; b: number; a: number };
  type Box = { left: number; top: number; right: number; bottom: number };
  const styles = new Map<Element, CSSStyleDeclaration>();
  const styleOf = (el: Element): CSSStyleDeclaration => {
    let s = styles.get(el);
    if (!s) {
      s = (el.ownerDocument.defaultView ?? window).getComputedStyle(el);
      styles.set(el, s);
    }
    return s;
  };
  /** The element's parent, crossing a shadow root to its host. */
  const parentOf = (el: Element): Element | null => {
    if (el.parentElement) return el.parentElement;
    // frames are other realms: node types, not instanceof
    const root = el.getRootNode();
    return root.nodeType === Node.DOCUMENT_FRAGMENT_NODE && 'host' in root ? (root as ShadowRoot).host : null;
  };
  const parseColor = (value: string): Rgba | undefined => {
    const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(
      value.trim(),
    );
    if (!m) return value.trim() === 'transparent' ? { r: 0, g: 0, b: 0, a: 0 } : undefined;
    const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
  };
  const luminance = (c: Rgba): number => {
    const ch = (v: number): number => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * ch(c.r) + 0.7152 * ch(c.g) + 0.0722 * ch(c.b);
  };
  const contrast = (a: Rgba, b: Rgba): number => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  /** The opaque colour behind the element, or undefined when an image or a translucent layer makes it unknown. */
  const backgroundOf = (el: Element): Rgba | undefined => {
    for (let at: Element | null = el; at; at = parentOf(at)) {
      const s = styleOf(at);
      if (s.backgroundImage !== 'none') return undefined;
      const bg = parseColor(s.backgroundColor);
      if (!bg) return undefined;
      if (bg.a >= 0.99) return bg;
      if (bg.a > 0.01) return undefined;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const intersect = (a: Box, b: Box): Box => ({
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  });
  const area = (b: Box): number => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
  const clipsAway = (s: CSSStyleDeclaration): boolean => {
    const clip = s.getPropertyValue('clip');
    if (clip && clip !== 'auto' && s.position !== 'static' && s.position !== 'relative') {
      const n = (clip.match(/-?[\d.]+/g) ?? []).map(Number);
      const [top = 0, right = 0, bottom = 0, left = 0] = n;
      if (n.length === 4 && (right - left < 2 || bottom - top < 2)) return true;
    }
    const path = s.clipPath;
    if (path && path !== 'none') {
      const inset = /^inset\(\s*(\d+(?:\.\d+)?)%/.exec(path);
      if (inset && Number(inset[1]) >= 50) return true;
      if (/^circle\(\s*0(?:px|%)?[\s)]/.test(path)) return true;
    }
    return false;
  };
  const visibilityReason = (el: Element): string | undefined => {
    for (let at: Element | null = el; at; at = parentOf(at)) {
      if (styleOf(at).display === 'none') return 'display';
    }
    const v = styleOf(el).visibility;
    if (v === 'hidden' || v === 'collapse') return 'visibility';
    return 'opacity';
  };

  const reasonFor = (text: Text, el: Element): string | undefined => {
    if (el.closest('[aria-hidden="true"]')) return 'aria-hidden';
    const closedDetails = el.closest('details:not([open])');
    if (closedDetails && closedDetails !== el && !el.closest('summary')) {
      return closedDetails.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
        ? undefined
        : visibilityReason(closedDetails);
    }
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return visibilityReason(el);
    let opacity = 1;
    for (let at: Element | null = el; at; at = parentOf(at)) opacity *= parseFloat(styleOf(at).opacity) || 0;
    if (opacity < MIN_OPACITY) return 'opacity';
    const s = styleOf(el);
    if (parseFloat(s.fontSize) < MIN_FONT_PX) return 'font-size';
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(text);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    if (rects.length === 0) return 'size';
    const doc = el.ownerDocument;
    const view = doc.defaultView ?? window;
    const page: Box = {
      left: -view.scrollX,
      top: -view.scrollY,
      right:
        Math.max(doc.documentElement.scrollWidth, (doc.body as HTMLElement | null)?.scrollWidth ?? 0) -
        view.scrollX,
      bottom:
        Math.max(doc.documentElement.scrollHeight, (doc.body as HTMLElement | null)?.scrollHeight ?? 0) -
        view.scrollY,
    };
    let boxes: Box[] = rects.map((r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom }));
    if (boxes.reduce((n, b) => n + area(b), 0) < MIN_VISIBLE_AREA_PX) return 'size';
    boxes = boxes.map((b) => intersect(b, page));
    if (boxes.reduce((n, b) => n + area(b), 0) < MIN_VISIBLE_AREA_PX) return 'off-page';
    for (let at: Element | null = el; at; at = parentOf(at)) {
      const as = styleOf(at);
      if (clipsAway(as)) return 'clipped';
      const clipping = [as.overflowX, as.overflowY].some((o) => o === 'hidden' || o === 'clip');
      if (at !== el && clipping) {
        const r = at.getBoundingClientRect();
        boxes = boxes.map((b) =>
          intersect(b, { left: r.left, top: r.top, right: r.right, bottom: r.bottom }),
        );
        if (boxes.reduce((n, b) => n + area(b), 0) < MIN_VISIBLE_AREA_PX) return 'clipped';
      }
    }
    const fg = parseColor(s.webkitTextFillColor || s.color);
    if (fg && fg.a < MIN_OPACITY) return 'colour';
    const bg = backgroundOf(el);
    if (fg && bg && fg.a >= 0.99 && contrast(fg, bg) < MIN_CONTRAST) return 'colour';
    return undefined;
  };

  const markRoot = (root: Document | ShadowRoot, depth: number): void => {
    const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root.ownerDocument as Document);
    const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const decided = new Map<Element, string | undefined>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (Date.now() > deadline) {
        complete = false;
        break;
      }
      const text = node as Text;
      const el = text.parentElement;
      if (!el || !/\S/.test(text.data) || SKIP.has(el.localName)) continue;
      // an element with any visible text of its own is not stamped
      if (decided.has(el) && decided.get(el) === undefined) continue;
      const reason = reasonFor(text, el);
      if (reason === undefined) decided.set(el, undefined);
      else if (!decided.has(el)) decided.set(el, reason);
    }
    for (const [el, reason] of decided) {
      if (reason === undefined) continue;
      el.setAttribute(ATTR, reason);
      reasons[reason] = (reasons[reason] ?? 0) + 1;
    }
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) markRoot(el.shadowRoot, depth);
      if (el.localName === 'iframe' && depth < 3) {
        const inner = (el as HTMLIFrameElement).contentDocument;
        if (inner?.documentElement) markRoot(inner, depth + 1);
      }
    }
  };

  markRoot(document, 0);
  return { reasons, complete };
}

/** Removes every stamp `markHiddenText` left (in the document, its open shadow roots and same-origin frames). */
export function unmarkHiddenText(input: { attribute: string }): void {
  const clear = (root: Document | ShadowRoot, depth: number): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.hasAttribute(input.attribute)) el.removeAttribute(input.attribute);
      if (el.shadowRoot) clear(el.shadowRoot, depth);
      if (el.localName === 'iframe' && depth < 3) {
        const inner = (el as HTMLIFrameElement).contentDocument;
        if (inner?.documentElement) clear(inner, depth + 1);
      }
    }
  };
  clear(document, 0);
}
