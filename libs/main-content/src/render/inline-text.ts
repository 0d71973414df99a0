import type { Inline } from './blocks.js';

function collect(inlines: readonly Inline[], out: string[]): void {
  for (const inline of inlines) {
    if (inline.kind === 'text') out.push(inline.text);
    else if (inline.kind === 'break') out.push('\n');
    else collect(inline.children, out);
  }
}

/** Plain text of inline content: whitespace collapsed, <br> kept as a newline. */
export function inlineText(inlines: readonly Inline[]): string {
  const parts: string[] = [];
  collect(inlines, parts);
  return parts
    .join('')
    .replace(/ *\n */g, '\n')
    .replace(/ {2,}/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** Non-whitespace characters in the inlines, and how many of them sit inside links. */
export function inlineChars(
  inlines: readonly Inline[],
  inLink = false,
): { chars: number; linkChars: number } {
  let chars = 0;
  let linkChars = 0;
  for (const inline of inlines) {
    if (inline.kind === 'text') {
      let n = 0;
      for (let i = 0; i < inline.text.length; i++) if (inline.text.charCodeAt(i) > 32) n++;
      chars += n;
      if (inLink) linkChars += n;
    } else if (inline.kind !== 'break') {
      const inner = inlineChars(inline.children, inLink || inline.kind === 'link');
      chars += inner.chars;
      linkChars += inner.linkChars;
    }
  }
  return { chars, linkChars };
}
