import { Parser } from 'htmlparser2';

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'iframe', 'object']);
const BLOCK = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'nav',
  'aside',
  'li',
  'ul',
  'ol',
  'table',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'br',
  'dt',
  'dd',
  'dl',
  'figcaption',
  'blockquote',
  'pre',
  'form',
  'caption',
  'title',
  'label',
  'option',
  'button',
]);

/** Collapses all whitespace runs to one space and normalises Unicode (NFKC), for comparing text. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * The text a reader sees in an HTML document (scripts, styles and head skipped; entities
 * decoded), with block boundaries as newlines.
 */
export function visibleText(html: string): string {
  const parts: string[] = [];
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipDepth++;
        else if (BLOCK.has(name)) parts.push('\n');
      },
      ontext(text) {
        if (skipDepth === 0) parts.push(text);
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCK.has(name)) parts.push('\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
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
