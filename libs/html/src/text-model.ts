import type { Document, Element, ParentNode } from 'domhandler';
import { elementChildren, isElement, isText } from './dom.js';
import { HeadingTrail, headingLevel } from './headings.js';
import { collapseWhitespace, hasWords } from './rendered-text.js';
import { TableReader } from './table.js';
import { contentText, isUi } from './ui.js';
import { isBanner, isChrome, isHidden, isNeverRendered } from './visibility.js';

/**
 * What a block of page text is: page content (what chunks are cut from), a heading (context for
 * the content under it) or site chrome (navigation, page banners and footers, dialogs).
 */
export type TextBlockKind = 'content' | 'heading' | 'chrome';

/** One block of the page's text model, in document order. */
export interface TextBlock {
  readonly text: string;
  readonly kind: TextBlockKind;
  /** The element the text belongs to (the block, the table row, the definition list group). */
  readonly element: Element;
  /** The headings the block sits under, outermost first. */
  readonly headingPath: string[];
  /** Rows and term/definition pairs are structured units, rendered `Header: value`. */
  readonly structured: boolean;
  /** Position of the block in the model (0, 1, 2…): blocks with consecutive numbers are neighbours in the text. */
  readonly seq: number;
}

/** Elements that start a new block of text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'center',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
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
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/**
 * The page's text model: the one rendering of a DOM's readable text that chunking, answer
 * extraction and verification share, so a snippet cut from one is found in the others. Blocks are
 * block-level text units (paragraphs, list items, table rows as `Header: value`, definition pairs as
 * `term: definition`), headings, and chrome. Hidden and never-rendered content, form controls,
 * ARIA widgets and in-page links (skip links, tables of contents) are not page text.
 */
export function readTextBlocks(doc: Document): TextBlock[] {
  return new BlockReader().read(doc);
}

/** Where the reader is: outside chrome, inside a page banner (its headings name the page), or other chrome. */
type ChromeContext = 'none' | 'banner' | 'other';

class BlockReader {
  private readonly blocks: TextBlock[] = [];
  private readonly headings = new HeadingTrail();
  private readonly tables = new TableReader();
  private chrome: ChromeContext = 'none';

  read(doc: Document): TextBlock[] {
    this.visitBlock(doc);
    return this.blocks;
  }

  /** A block owns a text buffer; inline descendants add to it, nested blocks flush it. */
  private visitBlock(block: ParentNode): void {
    const owner = isElement(block) ? block : undefined;
    const buffer = new TextBuffer((text) => {
      if (owner) this.emit({ text, element: owner, structured: false });
    });
    this.visitChildren(block, buffer);
    buffer.flush();
  }

  private visitChildren(parent: ParentNode, buffer: TextBuffer): void {
    for (const child of parent.children) {
      if (isText(child)) buffer.add(child.data);
      else if (isElement(child)) this.visitElement(child, buffer);
    }
  }

  private visitElement(el: Element, buffer: TextBuffer): void {
    if (isNeverRendered(el) || isHidden(el) || isUi(el)) return;
    if (el.name === 'br' || el.name === 'img') {
      buffer.add(' ');
      return;
    }
    if (isChrome(el)) {
      buffer.flush();
      this.visitChrome(el);
      return;
    }
    const level = headingLevel(el);
    if (level !== undefined) {
      buffer.flush();
      const text = contentText(el);
      if (this.chrome !== 'other') this.headings.enter(level, text);
      this.emit({ text, element: el, structured: false, kind: 'heading' });
      return;
    }
    if (el.name === 'tr' && this.tables.isDataRow(el)) {
      buffer.flush();
      const row = this.tables.render(el);
      if (row.kind === 'text') this.emit({ text: row.text, element: el, structured: true });
      return;
    }
    if (el.name === 'dl' && isDefinitionList(el)) {
      buffer.flush();
      this.visitDefinitionList(el);
      return;
    }
    if (BLOCKS.has(el.name)) {
      buffer.flush();
      this.visitBlock(el);
      return;
    }
    this.visitChildren(el, buffer);
  }

  /** Chrome is read like content but marked as chrome; a page banner's headings still name the page. */
  private visitChrome(el: Element): void {
    const outer = this.chrome;
    this.chrome = isBanner(el) && outer !== 'other' ? 'banner' : 'other';
    this.visitBlock(el);
    this.chrome = outer;
  }

  /** `term: definition` per <dd>, anchored at the element that holds both (the <dl> or its <div> group). */
  private visitDefinitionList(dl: Element): void {
    const visit = (container: Element): void => {
      let terms: string[] = [];
      let lastWasTerm = false;
      for (const child of elementChildren(container)) {
        if (isHidden(child)) continue;
        if (child.name === 'div') visit(child);
        else if (child.name === 'dt') {
          if (!lastWasTerm) terms = [];
          terms.push(contentText(child));
          lastWasTerm = true;
        } else if (child.name === 'dd') {
          const definition = contentText(child);
          const term = terms.filter(Boolean).join(' / ');
          if (definition)
            this.emit({
              text: term ? `${term}: ${definition}` : definition,
              element: term ? container : child,
              structured: true,
            });
          lastWasTerm = false;
        }
      }
    };
    visit(dl);
  }

  private emit(input: { text: string; element: Element; structured: boolean; kind?: TextBlockKind }): void {
    const text = collapseWhitespace(input.text);
    if (!hasWords(text)) return;
    const kind = this.chrome !== 'none' ? 'chrome' : (input.kind ?? 'content');
    this.blocks.push({
      text,
      kind,
      element: input.element,
      headingPath: this.headings.path(),
      structured: input.structured,
      seq: this.blocks.length,
    });
  }
}

/** Inline text gathered for one block until a nested block, heading or the block's end flushes it. */
class TextBuffer {
  private parts: string[] = [];

  constructor(private readonly onFlush: (text: string) => void) {}

  add(text: string): void {
    this.parts.push(text);
  }

  flush(): void {
    const text = this.parts.join('');
    this.parts = [];
    if (hasWords(text)) this.onFlush(text);
  }
}

function isDefinitionList(dl: Element): boolean {
  const items = elementChildren(dl).flatMap((c) => (c.name === 'div' ? elementChildren(c) : [c]));
  return (
    items.length > 0 &&
    items.every((c) => c.name === 'dt' || c.name === 'dd' || c.name === 'script' || c.name === 'template')
  );
}
