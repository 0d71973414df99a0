import type { Document } from 'domhandler';
import { collapseSpace, forEachElement, rawText } from '../dom/tree.js';
import { readJsonLd } from './json-ld.js';

/** Page-level facts read before any cleaning (the cleaning removes <head> and scripts). */
export interface PageMetadata {
  readonly title: string;
  readonly byline: string | undefined;
  readonly lang: string | undefined;
  /** schema.org articleBody, when the page embeds one: a hint for choosing the body, not the answer */
  readonly jsonLdBody: string | undefined;
}

function metaContent(metas: ReadonlyMap<string, string>, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = metas.get(key);
    if (value !== undefined && value.trim() !== '') return collapseSpace(value);
  }
  return undefined;
}

/** Reads title, byline, language and JSON-LD from the whole document in one walk. */
export function readMetadata(doc: Document): PageMetadata {
  const metas = new Map<string, string>();
  const jsonLd: string[] = [];
  let titleTag = '';
  let h1 = '';
  let lang: string | undefined;
  let bylineNode = '';
  forEachElement(doc, (el) => {
    const a = el.attribs;
    switch (el.name) {
      case 'html':
        lang = a['lang'] ?? a['xml:lang'];
        break;
      case 'title':
        if (titleTag === '') titleTag = collapseSpace(rawText(el));
        break;
      case 'h1':
        if (h1 === '') h1 = collapseSpace(rawText(el));
        break;
      case 'meta': {
        const key = (a['property'] ?? a['name'] ?? a['itemprop'])?.toLowerCase();
        const content = a['content'];
        if (key !== undefined && content !== undefined && !metas.has(key)) metas.set(key, content);
        break;
      }
      case 'script':
        if (a['type']?.toLowerCase() === 'application/ld+json') jsonLd.push(rawText(el));
        break;
      default:
        if (bylineNode === '' && (a['rel'] === 'author' || a['itemprop'] === 'author'))
          bylineNode = collapseSpace(rawText(el));
    }
  });
  const ld = readJsonLd(jsonLd);
  const title =
    metaContent(metas, 'og:title', 'twitter:title') ??
    (ld.headline !== undefined ? collapseSpace(ld.headline) : undefined) ??
    (h1 !== '' ? h1 : titleTag);
  const byline =
    metaContent(metas, 'author', 'article:author', 'dc.creator', 'byl') ??
    ld.author ??
    (bylineNode !== '' ? bylineNode : undefined);
  return { title, byline, lang: lang?.trim() || undefined, jsonLdBody: ld.articleBody };
}
