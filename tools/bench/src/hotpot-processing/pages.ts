import { createHash, randomUUID } from 'node:crypto';
import type { SourcedChunk } from '@forage/contracts';
import { chunkDocument } from '@forage/app-dom-understanding';
import { factKey, type HotpotItem } from '../hotpot-e2e/dataset.js';

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A paragraph as a page: its title as <title> and <h1>, its sentences as one <p>. */
export function pageHtml(p: HotpotItem['paragraphs'][number]): string {
  return `<!doctype html><html><head><title>${escape(p.title)}</title></head><body><main><h1>${escape(p.title)}</h1><p>${escape(p.sentences.join(''))}</p></main></body></html>`;
}

/** The question's ten pages cut into chunks by dom-understanding's chunker, each chunk citable. */
export function chunksOf(item: HotpotItem): SourcedChunk[] {
  const logRecordId = randomUUID();
  return item.paragraphs.flatMap((p, page) => {
    const html = pageHtml(p);
    const sha256 = createHash('sha256').update(html).digest('hex');
    const url = `https://hotpot.invalid/${page + 1}/${encodeURIComponent(p.title)}`;
    return chunkDocument(html).map((c) => ({
      chunkId: `${page + 1}-${c.id}`,
      url,
      title: p.title,
      text: c.text,
      headingPath: c.headingPath,
      xpath: c.xpath,
      domSnapshot: { sha256, kind: 'dom_snapshot' as const, size: html.length, contentType: 'text/html' },
      logRecordId,
    }));
  });
}

/** `title#index` of the paragraph sentence a predicted sentence is (the one it overlaps most). */
export function sentenceKey(item: HotpotItem, title: string, sentence: string): string | undefined {
  const p = item.paragraphs.find((x) => x.title === title);
  if (!p) return undefined;
  const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
  const wanted = norm(sentence);
  const at = p.sentences.findIndex((s) => {
    const n = norm(s);
    return n.length > 0 && (n.includes(wanted) || wanted.includes(n));
  });
  return at >= 0 ? factKey(title, at) : undefined;
}
