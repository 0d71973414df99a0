import type { Document, Element, ParentNode } from 'domhandler';
import type { ContentChunk } from '@forage/contracts';
import { asDocument, attr, elementChildren, isElement, isText } from './dom.js';
import { HeadingTrail, headingLevel } from './headings.js';
import { splitLongText } from './sentences.js';
import { TableReader } from './table.js';
import { collapseWhitespace, hasWords, renderedText } from './text.js';
import { isBanner, isChrome, isHidden, isNeverRendered, roleOf } from './visibility.js';
import { mergeTinyFragments, type Fragment } from './merge.js';
import { xpathOf } from './xpath.js';

export interface ChunkOptions {
  /** Longer text is split at sentence boundaries into chunks of at most this many characters. */
  readonly maxChunkChars?: number;
  /** Adjacent fragments shorter than this are merged into their common parent. */
  readonly minFragmentChars?: number;
}

const DEFAULTS = { maxChunkChars: 1_000, minFragmentChars: 25 } as const;

/** Elements that start a new block of text (a chunk boundary). */
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

/** Form controls and their labels describe the UI, not the page's content (they are listed as interactive elements). */
const CONTROLS = new Set([
  'button',
  'select',
  'option',
  'optgroup',
  'textarea',
  'input',
  'datalist',
  'label',
  'output',
  'meter',
  'progress',
]);

/** Widgets named by ARIA roles are UI, like the native controls above (links are content and stay). */
const WIDGET_ROLES = new Set([
  'button',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'slider',
  'spinbutton',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
]);

/**
 * Cuts a page into content chunks: block-level text units (paragraphs, list items, table rows as
 * `Header: value`, definition pairs as `term: definition`) with the headings they sit under and
 * the XPath of their source element. Headings are context, not chunks; hidden, never-rendered and
 * chrome (nav, page header/footer, dialogs) content is skipped; tiny adjacent fragments are
 * merged; long text is split at sentence boundaries.
 */
export function chunkDocument(html: string | Document, options: ChunkOptions = {}): ContentChunk[] {
  const doc = asDocument(html);
  const settings = { ...DEFAULTS, ...options };
  const fragments = new FragmentCollector().collect(doc);
  const merged = mergeTinyFragments(fragments, settings.minFragmentChars);
  const chunks: ContentChunk[] = [];
  for (const fragment of merged) {
    const xpath = xpathOf(fragment.element);
    for (const text of splitLongText(fragment.text, settings.maxChunkChars)) {
      chunks.push({ id: `c${chunks.length + 1}`, text, headingPath: fragment.headingPath, xpath });
    }
  }
  return chunks;
}

class FragmentCollector {
  private readonly fragments: Fragment[] = [];
  private readonly headings = new HeadingTrail();
  private readonly tables = new TableReader();

  collect(doc: Document): Fragment[] {
    this.visitBlock(doc);
    return this.fragments;
  }

  /** A block owns a text buffer; inline descendants add to it, nested blocks flush it. */
  private visitBlock(block: ParentNode): void {
    const buffer = new TextBuffer(isElement(block) ? block : undefined, (text, element) => {
      this.emit(text, element, false);
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
    if (isNeverRendered(el) || isHidden(el) || CONTROLS.has(el.name) || WIDGET_ROLES.has(roleOf(el) ?? ''))
      return;
    // in-page links ("Skip to main content", tables of contents, "Back to top") navigate, they do not inform
    if (el.name === 'a' && attr(el, 'href')?.startsWith('#')) return;
    if (el.name === 'br' || el.name === 'img') {
      buffer.add(' ');
      return;
    }
    if (isChrome(el)) {
      buffer.flush();
      if (isBanner(el)) this.visitHeadingsOnly(el);
      return;
    }
    const level = headingLevel(el);
    if (level !== undefined) {
      buffer.flush();
      this.headings.enter(level, renderedText(el));
      return;
    }
    if (el.name === 'tr' && this.tables.isDataRow(el)) {
      buffer.flush();
      const row = this.tables.render(el);
      if (row.kind === 'text') this.emit(row.text, el, true);
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

  /** Page banners are chrome, but the page title heading often lives in one. */
  private visitHeadingsOnly(el: Element): void {
    for (const child of elementChildren(el)) {
      if (isNeverRendered(child) || isHidden(child) || (isChrome(child) && !isBanner(child))) continue;
      const level = headingLevel(child);
      if (level !== undefined) this.headings.enter(level, renderedText(child));
      else this.visitHeadingsOnly(child);
    }
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
          terms.push(renderedText(child));
          lastWasTerm = true;
        } else if (child.name === 'dd') {
          const definition = renderedText(child);
          const term = terms.filter(Boolean).join(' / ');
          if (definition)
            this.emit(term ? `${term}: ${definition}` : definition, term ? container : child, true);
          lastWasTerm = false;
        }
      }
    };
    visit(dl);
  }

  private emit(text: string, element: Element, structured: boolean): void {
    const clean = collapseWhitespace(text);
    if (!hasWords(clean)) return;
    this.fragments.push({ text: clean, element, headingPath: this.headings.path(), structured });
  }
}

/** Inline text gathered for one block until a nested block, heading or the block's end flushes it. */
class TextBuffer {
  private parts: string[] = [];

  constructor(
    private readonly owner: Element | undefined,
    private readonly onFlush: (text: string, element: Element) => void,
  ) {}

  add(text: string): void {
    this.parts.push(text);
  }

  flush(): void {
    const text = this.parts.join('');
    this.parts = [];
    if (this.owner && hasWords(text)) this.onFlush(text, this.owner);
  }
}

function isDefinitionList(dl: Element): boolean {
  const items = elementChildren(dl).flatMap((c) => (c.name === 'div' ? elementChildren(c) : [c]));
  return (
    items.length > 0 &&
    items.every((c) => c.name === 'dt' || c.name === 'dd' || c.name === 'script' || c.name === 'template')
  );
}
