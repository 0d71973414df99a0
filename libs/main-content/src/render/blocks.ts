import type { ChildNode, Element } from 'domhandler';
import { BLOCK_TAGS } from '../dom/text-stats.js';
import { isElement, isText } from '../dom/tree.js';

/** Inline content of a block: text runs, links and emphasis, as Markdown needs them. */
export type Inline =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'break' }
  | { readonly kind: 'link'; readonly href: string; readonly children: Inline[] }
  | { readonly kind: 'strong' | 'em' | 'code'; readonly children: Inline[] };

/** One block of the article in reading order; renderers turn these into text or Markdown. */
export type Block =
  | {
      readonly kind: 'paragraph';
      readonly inlines: Inline[];
      /** list nesting (0 outside lists) and the item marker, when the paragraph starts a list item */
      readonly listDepth: number;
      readonly marker: ListMarker | null;
      readonly quoteDepth: number;
    }
  | {
      readonly kind: 'heading';
      readonly level: number;
      readonly inlines: Inline[];
      readonly quoteDepth: number;
    }
  | { readonly kind: 'code'; readonly text: string; readonly quoteDepth: number }
  | { readonly kind: 'table'; readonly rows: Inline[][][]; readonly quoteDepth: number }
  | { readonly kind: 'rule'; readonly quoteDepth: number };

export type ListMarker = { readonly ordered: false } | { readonly ordered: true; readonly index: number };

const SPACE_RUN = /[\s\u00a0\u200b]+/g;
const HEADING = /^h([1-6])$/;
const EMPHASIS: Readonly<Record<string, 'strong' | 'em' | 'code'>> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  code: 'code',
  kbd: 'code',
  samp: 'code',
  tt: 'code',
};
/** Elements whose content is not read as text even inside an article. */
const SKIPPED: ReadonlySet<string> = new Set(['img', 'picture', 'hr', 'wbr']);

interface ListFrame {
  readonly ordered: boolean;
  next: number;
}

/** Walks the article DOM once, producing blocks; inline markup becomes an Inline tree. */
class BlockBuilder {
  readonly blocks: Block[] = [];
  private inlines: Inline[] = [];
  private readonly lists: ListFrame[] = [];
  private quoteDepth = 0;
  private pendingMarker: ListMarker | null = null;

  container(el: { readonly children: readonly ChildNode[] }): void {
    for (const child of el.children) {
      if (isText(child)) this.inlines.push({ kind: 'text', text: child.data.replace(SPACE_RUN, ' ') });
      else if (isElement(child)) this.element(child);
    }
  }

  private element(el: Element): void {
    const name = el.name;
    const heading = HEADING.exec(name);
    if (heading) {
      this.flush();
      const inlines = this.inlineChildren(el);
      if (hasText(inlines))
        this.blocks.push({
          kind: 'heading',
          level: Number(heading[1]),
          inlines,
          quoteDepth: this.quoteDepth,
        });
    } else if (name === 'br') {
      this.inlines.push({ kind: 'break' });
    } else if (name === 'hr') {
      this.flush();
      this.blocks.push({ kind: 'rule', quoteDepth: this.quoteDepth });
    } else if (SKIPPED.has(name)) {
      return;
    } else if (name === 'pre') {
      this.flush();
      const text = preText(el).replace(/^\n+|\s+$/g, '');
      if (text !== '') this.blocks.push({ kind: 'code', text, quoteDepth: this.quoteDepth });
    } else if (name === 'ul' || name === 'ol') {
      this.flush();
      const start = Number(el.attribs['start'] ?? '1');
      this.lists.push({ ordered: name === 'ol', next: Number.isFinite(start) ? start : 1 });
      this.container(el);
      this.flush();
      this.lists.pop();
    } else if (name === 'li') {
      this.flush();
      const list = this.lists[this.lists.length - 1];
      this.pendingMarker =
        list === undefined
          ? { ordered: false }
          : list.ordered
            ? { ordered: true, index: list.next++ }
            : { ordered: false };
      this.container(el);
      this.flush();
      this.pendingMarker = null;
    } else if (name === 'blockquote') {
      this.flush();
      this.quoteDepth++;
      this.container(el);
      this.flush();
      this.quoteDepth--;
    } else if (name === 'table') {
      this.flush();
      this.table(el);
    } else if (BLOCK_TAGS.has(name) || containsBlock(el)) {
      this.flush();
      this.container(el);
      this.flush();
    } else {
      this.inlines.push(...this.inline(el));
    }
  }

  /** Simple tables become Markdown tables; layout tables (cells holding blocks) are read as containers. */
  private table(el: Element): void {
    const rows: Element[] = [];
    let layout = false;
    collectRows(el, rows);
    const cells = rows.map((row) =>
      row.children.filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th')),
    );
    for (const row of cells) for (const cell of row) if (containsBlock(cell)) layout = true;
    if (layout || cells.length === 0) {
      for (const row of cells)
        for (const cell of row) {
          this.container(cell);
          this.flush();
        }
      return;
    }
    const grid = cells.map((row) => row.map((cell) => trimInlines(this.inlineChildren(cell))));
    const filled = grid.filter((row) => row.some((cell) => hasText(cell)));
    if (filled.length > 0) this.blocks.push({ kind: 'table', rows: filled, quoteDepth: this.quoteDepth });
  }

  private inlineChildren(el: Element): Inline[] {
    const out: Inline[] = [];
    for (const child of el.children) {
      if (isText(child)) out.push({ kind: 'text', text: child.data.replace(SPACE_RUN, ' ') });
      else if (isElement(child)) out.push(...this.inline(child));
    }
    return out;
  }

  private inline(el: Element): Inline[] {
    if (el.name === 'br') return [{ kind: 'break' }];
    if (SKIPPED.has(el.name)) return [];
    const children = this.inlineChildren(el);
    if (el.name === 'a') {
      const href = el.attribs['href']?.trim();
      return href ? [{ kind: 'link', href, children }] : children;
    }
    const emphasis = EMPHASIS[el.name];
    return emphasis === undefined ? children : [{ kind: emphasis, children }];
  }

  flush(): void {
    const inlines = trimInlines(this.inlines);
    this.inlines = [];
    if (!hasText(inlines)) return;
    this.blocks.push({
      kind: 'paragraph',
      inlines,
      listDepth: this.lists.length,
      marker: this.pendingMarker,
      quoteDepth: this.quoteDepth,
    });
    this.pendingMarker = null;
  }
}

function collectRows(el: Element, out: Element[]): void {
  for (const child of el.children) {
    if (!isElement(child)) continue;
    if (child.name === 'tr') out.push(child);
    else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot')
      collectRows(child, out);
  }
}

function containsBlock(el: Element): boolean {
  for (const child of el.children) {
    if (
      isElement(child) &&
      ((BLOCK_TAGS.has(child.name) && !SKIPPED.has(child.name)) || containsBlock(child))
    )
      return true;
  }
  return false;
}

function preText(el: Element): string {
  let out = '';
  for (const child of el.children) {
    if (isText(child)) out += child.data;
    else if (isElement(child)) out += child.name === 'br' ? '\n' : preText(child);
  }
  return out;
}

/** True when some text inside the inlines is not whitespace. */
export function hasText(inlines: readonly Inline[]): boolean {
  for (const inline of inlines) {
    if (inline.kind === 'text') {
      if (inline.text.trim() !== '') return true;
    } else if (inline.kind !== 'break' && hasText(inline.children)) return true;
  }
  return false;
}

/** Drops leading and trailing whitespace and line breaks. */
function trimInlines(inlines: Inline[]): Inline[] {
  let start = 0;
  let end = inlines.length;
  while (start < end && isBlank(inlines[start])) start++;
  while (end > start && isBlank(inlines[end - 1])) end--;
  return start === 0 && end === inlines.length ? inlines : inlines.slice(start, end);
}

function isBlank(inline: Inline | undefined): boolean {
  return (
    inline === undefined || inline.kind === 'break' || (inline.kind === 'text' && inline.text.trim() === '')
  );
}

/** The article as blocks, in reading order. */
export function buildBlocks(roots: readonly Element[]): Block[] {
  const builder = new BlockBuilder();
  for (const root of roots) {
    builder.container({ children: [root] });
    builder.flush();
  }
  return builder.blocks;
}
