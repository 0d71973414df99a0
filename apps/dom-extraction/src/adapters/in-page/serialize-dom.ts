/**
 * Runs in the page (serialised by Playwright, so self-contained: no imports, no outer names).
 *
 * The live DOM as HTML, like `page.content()`, plus what `page.content()` leaves out:
 * - open shadow roots, inline as declarative shadow DOM (`<template shadowrootmode="open">`), so
 *   the stored document renders the same and its text is there to read;
 * - same-origin iframes (up to `maxFrameDepth` deep), inline in the iframe's `srcdoc`, marked
 *   `data-forage-frame="same-origin"` (the `src` stays, for provenance).
 * To find each inlined iframe in the native serialisation, the iframe carries a marker attribute
 * for the duration of this synchronous call; nothing else in the page is touched.
 */

export interface SerializedDom {
  readonly html: string;
  readonly title: string;
  readonly shadowRoots: number;
  readonly frames: number;
}

export function serializeLiveDom(input: { maxFrameDepth: number; maxFrameChars: number }): SerializedDom {
  const MARK = 'data-forage-frame';
  let shadowRootCount = 0;
  let frameCount = 0;

  const escapeAttr = (value: string): string =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  const collect = (root: Document | ShadowRoot, roots: ShadowRoot[], frames: HTMLIFrameElement[]): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.localName === 'iframe') frames.push(el as HTMLIFrameElement);
      const shadow = el.shadowRoot;
      if (shadow) {
        roots.push(shadow);
        collect(shadow, roots, frames);
      }
    }
  };

  const doctypeOf = (doc: Document): string =>
    doc.doctype ? new XMLSerializer().serializeToString(doc.doctype) : '';

  const serialize = (doc: Document, depth: number): string => {
    const root = doc.documentElement as HTMLElement | null;
    if (!root) return '';
    const roots: ShadowRoot[] = [];
    const frames: HTMLIFrameElement[] = [];
    collect(doc, roots, frames);
    shadowRootCount += roots.length;
    const inlined = new Map<string, string>();
    if (depth < input.maxFrameDepth) {
      frames.forEach((frame, i) => {
        const inner = frame.contentDocument;
        if (!inner?.documentElement) return;
        const html = serialize(inner, depth + 1);
        if (html === '' || html.length > input.maxFrameChars) return;
        const id = `${depth}-${i}`;
        frame.setAttribute(MARK, id);
        inlined.set(id, html);
      });
    }
    let body: string;
    try {
      body = root.getHTML({ serializableShadowRoots: true, shadowRoots: roots });
    } finally {
      for (const frame of frames) if (frame.hasAttribute(MARK)) frame.removeAttribute(MARK);
    }
    const attrs = Array.from(root.attributes)
      .map((a) => ` ${a.name}="${escapeAttr(a.value)}"`)
      .join('');
    let html = `${doctypeOf(doc)}<${root.localName}${attrs}>${body}</${root.localName}>`;
    for (const [id, frameHtml] of inlined) {
      const marker = `${MARK}="${id}"`;
      const at = html.indexOf(marker);
      const tagStart = html.lastIndexOf('<iframe', at);
      const tagEnd = html.indexOf('>', at);
      if (at < 0 || tagStart < 0 || tagEnd < 0) continue;
      // attribute values are escaped in the serialisation, so a tag's attributes hold no raw quotes
      const tag = html
        .slice(tagStart, tagEnd)
        .replace(/\s+srcdoc="[^"]*"/g, '')
        .replace(marker, `${MARK}="same-origin" srcdoc="${escapeAttr(frameHtml)}"`);
      html = `${html.slice(0, tagStart)}${tag}${html.slice(tagEnd)}`;
      frameCount++;
    }
    return html;
  };

  const html = serialize(document, 0);
  return { html, title: document.title, shadowRoots: shadowRootCount, frames: frameCount };
}
