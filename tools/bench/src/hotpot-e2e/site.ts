import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HotpotItem } from './dataset.js';

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A file name per paragraph title (the title is recovered from the page, not from the name). */
export const fileOf = (i: number): string => `p${String(i + 1).padStart(2, '0')}.html`;

/**
 * A question's paragraphs as a small site: one HTML page per paragraph (its title as the heading,
 * one <p> per sentence, so a citation's snippet maps back to sentence indices) and an index page
 * linking them. Only the paragraphs are written: never the question, the answer or which
 * paragraphs support it.
 */
export function writeSite(dir: string, item: HotpotItem): void {
  mkdirSync(dir, { recursive: true });
  const links: string[] = [];
  item.paragraphs.forEach((p, i) => {
    const body = p.sentences.map((s) => `<p>${escape(s.trim())}</p>`).join('\n');
    writeFileSync(
      join(dir, fileOf(i)),
      `<!doctype html><html><head><meta charset="utf-8"><title>${escape(p.title)}</title></head>` +
        `<body><main><article><h1>${escape(p.title)}</h1>\n${body}\n</article></main></body></html>\n`,
    );
    links.push(`<li><a href="${fileOf(i)}">${escape(p.title)}</a></li>`);
  });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title>Articles</title></head>` +
      `<body><main><h1>Articles</h1><ul>${links.join('')}</ul></main></body></html>\n`,
  );
}
