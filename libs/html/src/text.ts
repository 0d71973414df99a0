import { Parser } from 'htmlparser2';
import { parseHtml } from './dom.js';
import { readTextBlocks } from './text-model.js';

/** Collapses all whitespace runs to one space and normalises Unicode (NFKC), for comparing text. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * The text a reader sees in an HTML document: the blocks of its text model (`readTextBlocks`)
 * one per line, the same rendering chunks are cut from, so any snippet of a chunk is found here
 * (after `normalizeText` on both sides).
 */
export function visibleText(html: string): string {
  return readTextBlocks(parseHtml(html))
    .map((block) => block.text)
    .join('\n');
}

/** The document's <title>, decoded and trimmed. */
export function documentTitle(html: string): string {
  let inTitle = false;
  let title = '';
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return normalizeText(title);
}
