import { createHash, randomUUID } from 'node:crypto';
import type { SourcedChunk } from '@forage/contracts';
import type { SquadQuestion } from '../squad/dataset.js';

/**
 * Sentence-sized chunks of real prose (SQuAD and HotpotQA paragraphs), as dom-understanding would
 * cut a page's <p>; when the sources hold fewer sentences than `count`, they are used again as
 * further pages (a second pass, its titles numbered).
 */
export function proseChunks(
  sources: readonly { readonly title: string; readonly text: string }[],
  count: number,
): SourcedChunk[] {
  const paragraphs = [...new Map(sources.map((p) => [p.text, p.title])).entries()];
  const chunks: SourcedChunk[] = [];
  const logRecordId = randomUUID();
  for (let pass = 1; chunks.length < count && paragraphs.length > 0; pass++) {
    for (const [context, baseTitle] of paragraphs) {
      const title = pass === 1 ? baseTitle : `${baseTitle} (${pass})`;
      const sha256 = createHash('sha256').update(`${pass}:${context}`).digest('hex');
      for (const text of context.split(/(?<=[.!?])\s+(?=[A-Z0-9"])/u)) {
        if (chunks.length >= count) return chunks;
        chunks.push({
          chunkId: `c${chunks.length + 1}`,
          url: `https://bench.invalid/${encodeURIComponent(title)}`,
          title,
          text,
          headingPath: [title],
          xpath: `/html[1]/body[1]/p[${chunks.length + 1}]`,
          domSnapshot: { sha256, kind: 'dom_snapshot', size: context.length, contentType: 'text/html' },
          logRecordId,
        });
      }
    }
  }
  return chunks;
}

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A page of about `bytes` bytes of real prose in the shapes pages have: a navigation bar, sections
 * with headings and paragraphs, a table of figures and a list per section, nested <div>s.
 */
export function largePage(questions: readonly SquadQuestion[], bytes: number): string {
  const paragraphs = [...new Set(questions.map((q) => q.context))];
  const parts = [
    '<!doctype html><html><head><title>Bench</title></head><body>',
    '<nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul></nav><main>',
  ];
  let size = parts.join('').length;
  for (let i = 0; size < bytes; i++) {
    const text = paragraphs[i % paragraphs.length] ?? '';
    const section = [
      `<section><div class="wrap"><h2>Section ${i + 1}</h2><p>${escape(text)}</p>`,
      `<table><tr><th>Item</th><th>Value</th></tr><tr><td>Count</td><td>${i * 17}</td></tr><tr><td>Share</td><td>${i % 100}%</td></tr></table>`,
      `<ul><li>${escape(text.slice(0, 80))}</li><li>Entry ${i}</li></ul></div></section>`,
    ].join('');
    parts.push(section);
    size += section.length;
  }
  parts.push('</main><footer>© Bench</footer></body></html>');
  return parts.join('');
}
