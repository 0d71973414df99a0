import { documentTitle, visibleText } from '@forage/html';

export type PageContentType = 'html' | 'markdown' | 'text';

/** The content type of a file by its extension; undefined for files the index does not read. */
export function contentTypeOfFile(name: string): PageContentType | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'html' || ext === 'htm' || ext === 'xhtml') return 'html';
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'txt') return 'text';
  return undefined;
}

/** Title and plain text of a page: the visible text of HTML, Markdown without its markup. */
export function pageText(input: { content: string; type: PageContentType; fallbackTitle: string }): {
  title: string;
  text: string;
} {
  if (input.type === 'html') {
    const title = documentTitle(input.content).trim() || firstHeading(input.content) || input.fallbackTitle;
    return { title, text: visibleText(input.content) };
  }
  if (input.type === 'markdown') {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/m.exec(input.content)?.[1];
    return { title: heading ?? input.fallbackTitle, text: markdownText(input.content) };
  }
  return { title: input.fallbackTitle, text: input.content.trim() };
}

function firstHeading(html: string): string | undefined {
  const m = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  return m?.[1] ? visibleText(m[1]).trim() || undefined : undefined;
}

/** Markdown to text: code fences kept as text, links and images to their words, emphasis and markers dropped. */
export function markdownText(markdown: string): string {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)])\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^*_`]+?)\1/g, '$2')
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Minimal HTML for a Markdown file, so a browser can render it as evidence: headings and paragraphs. */
export function markdownAsHtml(markdown: string, title: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const blocks = markdown.split(/\n\s*\n/).map((block) => {
    const heading = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(block.trim());
    if (heading) {
      const level = heading[1]?.length ?? 1;
      return `<h${level}>${esc(markdownText(heading[2] ?? ''))}</h${level}>`;
    }
    return `<p>${esc(markdownText(block))}</p>`;
  });
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><main>${blocks.join('\n')}</main></body></html>`;
}
