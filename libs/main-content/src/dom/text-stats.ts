import type { Element } from 'domhandler';
import { isElement, isText } from './tree.js';

/** Block-level tags: a container holding one of these is not itself a paragraph. */
export const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'li',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'ul',
  'img',
  'picture',
]);

/** Text measurements of one element, over everything still in the tree under it. */
export interface TextStats {
  /** non-whitespace characters */
  chars: number;
  /** non-whitespace characters inside links */
  linkChars: number;
  /** commas (incl. CJK and Arabic commas): readability's sign of running prose */
  commas: number;
  /** sentence-ending punctuation */
  stops: number;
  /** true when some descendant is a block element */
  hasBlock: boolean;
  /** runs of inline text of at least PARAGRAPH_RUN characters (between blocks and <br>s) */
  paras: number;
  /** <img> elements */
  images: number;
}

/** Inline text this long between block boundaries counts as a paragraph of prose. */
export const PARAGRAPH_RUN = 30;

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x200b || code === 0x3000;
}

function isComma(code: number): boolean {
  return code === 0x2c || code === 0x60c || code === 0xfe50 || code === 0xff0c || code === 0x3001;
}

function isStop(code: number): boolean {
  return (
    code === 0x2e || code === 0x21 || code === 0x3f || code === 0x3002 || code === 0xff01 || code === 0xff1f
  );
}

/**
 * Measures every element under `root` in one iterative post-order pass (children before parents),
 * so scoring and pruning read counts instead of re-walking subtrees.
 */
export function measureText(root: Element): Map<Element, TextStats> {
  const stats = new Map<Element, TextStats>();
  const order: Element[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const el = stack.pop();
    if (el === undefined) break;
    order.push(el);
    for (const child of el.children) if (isElement(child)) stack.push(child);
  }
  for (let i = order.length - 1; i >= 0; i--) {
    const el = order[i];
    if (el === undefined) continue;
    const s: TextStats = {
      chars: 0,
      linkChars: 0,
      commas: 0,
      stops: 0,
      hasBlock: false,
      paras: 0,
      images: el.name === 'img' ? 1 : 0,
    };
    let run = 0;
    for (const child of el.children) {
      if (isText(child)) {
        const data = child.data;
        for (let k = 0; k < data.length; k++) {
          const code = data.charCodeAt(k);
          if (isSpace(code)) continue;
          s.chars++;
          run++;
          if (isComma(code)) s.commas++;
          else if (isStop(code)) s.stops++;
        }
      } else if (isElement(child)) {
        if (child.name === 'br') {
          if (run >= PARAGRAPH_RUN) s.paras++;
          run = 0;
          continue;
        }
        const c = stats.get(child);
        if (c === undefined) continue;
        s.chars += c.chars;
        s.linkChars += c.linkChars;
        s.commas += c.commas;
        s.stops += c.stops;
        s.images += c.images;
        if (c.hasBlock || BLOCK_TAGS.has(child.name)) {
          s.hasBlock = true;
          if (run >= PARAGRAPH_RUN) s.paras++;
          run = 0;
          s.paras += c.paras;
        } else {
          run += c.chars;
        }
      }
    }
    if (run >= PARAGRAPH_RUN) s.paras++;
    if (el.name === 'a') s.linkChars = s.chars;
    stats.set(el, s);
  }
  return stats;
}

export function linkDensity(s: TextStats | undefined): number {
  return s === undefined || s.chars === 0 ? 0 : s.linkChars / s.chars;
}

/** Several paragraphs of punctuated, mostly unlinked text: whatever its name says, this is prose. */
export function isProseRich(s: TextStats): boolean {
  return s.paras >= 3 && linkDensity(s) < 0.3 && s.commas + s.stops >= 5;
}
