import type { Document } from 'domhandler';
import { asDocument, attr, descendants } from './dom.js';

/** Most links read from one page: a crawler follows a page's links, not a link farm's. */
export const PAGE_LINKS_MAX = 1_000;

/**
 * The http(s) pages a document links to (`<a href>`, `<area href>`), resolved against its
 * `<base href>` or its own URL, without fragments, each once, in document order. Links marked
 * `download` are files, not pages, and are left out.
 */
export function readLinks(input: string | Document, pageUrl: string, max = PAGE_LINKS_MAX): string[] {
  const doc = asDocument(input);
  const baseHref = descendants(doc, 'base')
    .map((el) => attr(el, 'href'))
    .find((h) => h !== undefined);
  const base = resolve(baseHref, pageUrl) ?? pageUrl;
  const seen = new Set<string>();
  for (const el of [...descendants(doc, 'a'), ...descendants(doc, 'area')]) {
    if (seen.size >= max) break;
    if (attr(el, 'download') !== undefined) continue;
    const url = resolve(attr(el, 'href'), base);
    if (url) seen.add(url);
  }
  return [...seen];
}

/** The document's declared language (`<html lang>`), as a lower-case BCP 47 tag, if any. */
export function readLanguage(input: string | Document): string | undefined {
  const html = descendants(asDocument(input), 'html')[0];
  const lang = html ? attr(html, 'lang')?.trim().toLowerCase() : undefined;
  return lang && /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(lang) ? lang : undefined;
}

function resolve(href: string | undefined, base: string): string | undefined {
  const trimmed = href?.trim();
  if (!trimmed || trimmed.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href.length <= 4096 ? url.href : undefined;
}
