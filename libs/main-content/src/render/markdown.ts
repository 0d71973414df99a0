import type { Block, Inline } from './blocks.js';

const UNSAFE_SCHEME = /^\s*(?:javascript|vbscript|data):/i;

/** Absolute URL for a link, or null when it leads nowhere a reader can follow. */
export function resolveHref(href: string, baseUrl: string | undefined): string | null {
  if (UNSAFE_SCHEME.test(href) || href.startsWith('#')) return null;
  try {
    return new URL(href, baseUrl).href;
  } catch {
    // relative links without a base URL stay as written, if they parse as a path at all
    return /^[\w./?=&%~+-]+$/.test(href) ? href : null;
  }
}

function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, '\\$&');
}

/** Line starts that Markdown would read as a heading, quote, list item or rule. */
function escapeLineStart(line: string): string {
  return line.replace(
    /^(\s*)(#{1,6}\s|>|[-+*]\s|\d+[.)]\s|-{3,}|={3,})/,
    (_m, space: string, marker: string) => {
      if (/^\d/.test(marker)) return `${space}${marker.replace(/([.)])/, '\\$1')}`;
      return `${space}\\${marker}`;
    },
  );
}

function codeSpan(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${fence === '``' ? ' ' : ''}${text}${fence === '``' ? ' ' : ''}${fence}`;
}

function wrap(marker: string, inner: string): string {
  const trimmed = inner.trim();
  if (trimmed === '') return inner;
  const lead = inner.startsWith(' ') ? ' ' : '';
  const tail = inner.endsWith(' ') ? ' ' : '';
  return `${lead}${marker}${trimmed}${marker}${tail}`;
}

function inlineMarkdown(inlines: readonly Inline[], baseUrl: string | undefined): string {
  let out = '';
  for (const inline of inlines) {
    switch (inline.kind) {
      case 'text':
        out += escapeText(inline.text);
        break;
      case 'break':
        out += '\\\n';
        break;
      case 'strong':
        out += wrap('**', inlineMarkdown(inline.children, baseUrl));
        break;
      case 'em':
        out += wrap('_', inlineMarkdown(inline.children, baseUrl));
        break;
      case 'code':
        out += codeSpan(plain(inline.children));
        break;
      case 'link': {
        const label = inlineMarkdown(inline.children, baseUrl);
        const href = resolveHref(inline.href, baseUrl);
        if (href === null || label.trim() === '') out += label;
        else {
          const lead = label.startsWith(' ') ? ' ' : '';
          const tail = label.endsWith(' ') ? ' ' : '';
          out += `${lead}[${label.trim()}](${href.replace(/[()\s]/g, encodeURIComponent)})${tail}`;
        }
        break;
      }
    }
  }
  return out;
}

function plain(inlines: readonly Inline[]): string {
  let out = '';
  for (const inline of inlines) {
    if (inline.kind === 'text') out += inline.text;
    else if (inline.kind === 'break') out += ' ';
    else out += plain(inline.children);
  }
  return out;
}

function tidy(markdown: string): string {
  return markdown
    .replace(/ {2,}/g, ' ')
    .replace(/ *(\\?\n) */g, '$1')
    .trim();
}

function table(rows: readonly (readonly Inline[][])[], baseUrl: string | undefined): string {
  const width = Math.max(...rows.map((r) => r.length));
  const cell = (c: readonly Inline[] | undefined): string =>
    c === undefined ? '' : tidy(inlineMarkdown(c, baseUrl)).replace(/\\?\n/g, ' ').replace(/\|/g, '\\|');
  const line = (r: readonly Inline[][]): string =>
    `| ${Array.from({ length: width }, (_, i) => cell(r[i])).join(' | ')} |`;
  const [head, ...body] = rows;
  if (head === undefined) return '';
  return [
    line(head),
    `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
    ...body.map(line),
  ].join('\n');
}

function blockMarkdown(block: Block, baseUrl: string | undefined): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(block.level)} ${tidy(inlineMarkdown(block.inlines, baseUrl)).replace(/\\?\n/g, ' ')}`;
    case 'paragraph': {
      const text = tidy(inlineMarkdown(block.inlines, baseUrl)).split('\n').map(escapeLineStart);
      if (block.listDepth === 0) return text.join('\n');
      const indent = '    '.repeat(block.listDepth - 1);
      const marker = block.marker === null ? '    ' : block.marker.ordered ? `${block.marker.index}. ` : '- ';
      const hang = ' '.repeat(marker.length);
      return text.map((line, i) => `${indent}${i === 0 ? marker : hang}${line}`).join('\n');
    }
    case 'code': {
      const fence = block.text.includes('```') ? '~~~~' : '```';
      return `${fence}\n${block.text}\n${fence}`;
    }
    case 'table':
      return table(block.rows, baseUrl);
    case 'rule':
      return '---';
  }
}

/** GitHub-flavoured Markdown of the blocks; links resolved against `baseUrl`. */
export function renderMarkdown(blocks: readonly Block[], options: { baseUrl: string | undefined }): string {
  let out = '';
  let previous: Block | null = null;
  for (const block of blocks) {
    let md = blockMarkdown(block, options.baseUrl);
    if (md.trim() === '') continue;
    const prefix = '> '.repeat(block.quoteDepth);
    if (block.quoteDepth > 0) {
      md = md
        .split('\n')
        .map((line) => `${prefix}${line}`.trimEnd())
        .join('\n');
    }
    const isListItem = block.kind === 'paragraph' && block.listDepth > 0;
    if (previous !== null) {
      const previousWasListItem = previous.kind === 'paragraph' && previous.listDepth > 0;
      if (isListItem && previousWasListItem) out += '\n';
      // paragraphs of one quotation stay inside one blockquote
      else if (block.quoteDepth > 0 && previous.quoteDepth === block.quoteDepth)
        out += `\n${prefix.trimEnd()}\n`;
      else out += '\n\n';
    }
    out += md;
    previous = block;
  }
  return out;
}
