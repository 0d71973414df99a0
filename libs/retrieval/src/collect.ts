import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { DocumentStore, StoredDocument } from './document-store.js';
import { contentTypeOfFile, pageText, type PageContentType } from './page-text.js';

/** What one `forage index` run changed in the store. */
export interface IndexReport {
  readonly collection: string;
  readonly added: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly skipped: readonly { readonly source: string; readonly why: string }[];
}

/** A page already fetched (from a sitemap or a list of URLs). */
export interface FetchedPage {
  readonly url: string;
  readonly content: string;
  readonly type: PageContentType;
}

const MAX_FILES = 50_000;
const MAX_FILE_BYTES = 20 * 1024 * 1024;

export function documentId(source: string): string {
  return createHash('sha256').update(source).digest('hex').slice(0, 24);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Indexes a folder (recursively; HTML, Markdown and text files): new and changed files are
 * read, unchanged ones (same sha256) kept as they are, files gone from the folder removed.
 */
export async function indexFolder(input: {
  store: DocumentStore;
  folder: string;
  now: Date;
}): Promise<IndexReport> {
  const collection = resolve(input.folder);
  const files = await listFiles(collection);
  const pages: { source: string; content: string; type: PageContentType; title: string }[] = [];
  const skipped: { source: string; why: string }[] = [];
  for (const file of files) {
    const type = contentTypeOfFile(file);
    if (!type) continue;
    const content = await readFile(file, 'utf8');
    if (Buffer.byteLength(content) > MAX_FILE_BYTES) {
      skipped.push({ source: file, why: 'larger than 20 MB' });
      continue;
    }
    pages.push({ source: file, content, type, title: basename(file).replace(/\.[^.]+$/, '') });
  }
  return merge({ store: input.store, collection, kind: 'file', pages, skipped, now: input.now });
}

/** Indexes fetched pages as one collection (a sitemap or a file of URLs), with the same incremental rules. */
export async function indexPages(input: {
  store: DocumentStore;
  collection: string;
  pages: readonly FetchedPage[];
  skipped: readonly { source: string; why: string }[];
  now: Date;
}): Promise<IndexReport> {
  return merge({
    store: input.store,
    collection: input.collection,
    kind: 'url',
    pages: input.pages.map((p) => ({ source: p.url, content: p.content, type: p.type, title: p.url })),
    skipped: [...input.skipped],
    now: input.now,
  });
}

/** Removes a collection (the folder, sitemap or list it was indexed as); returns how many documents went. */
export async function removeCollection(store: DocumentStore, collection: string): Promise<number> {
  const docs = await store.load();
  const wanted = new Set([collection, resolve(collection)]);
  const kept = docs.filter((d) => !wanted.has(d.collection));
  if (kept.length !== docs.length) await store.save(kept);
  return docs.length - kept.length;
}

/** Collections in the store with their document counts. */
export async function listCollections(
  store: DocumentStore,
): Promise<{ collection: string; documents: number; indexedAt: string }[]> {
  const byCollection = new Map<string, { documents: number; indexedAt: string }>();
  for (const d of await store.load()) {
    const entry = byCollection.get(d.collection) ?? { documents: 0, indexedAt: d.indexedAt };
    entry.documents++;
    if (d.indexedAt > entry.indexedAt) entry.indexedAt = d.indexedAt;
    byCollection.set(d.collection, entry);
  }
  return [...byCollection.entries()]
    .map(([collection, e]) => ({ collection, ...e }))
    .sort((a, b) => a.collection.localeCompare(b.collection));
}

async function merge(input: {
  store: DocumentStore;
  collection: string;
  kind: StoredDocument['kind'];
  pages: readonly { source: string; content: string; type: PageContentType; title: string }[];
  skipped: { source: string; why: string }[];
  now: Date;
}): Promise<IndexReport> {
  const existing = await input.store.load();
  const mine = new Map(existing.filter((d) => d.collection === input.collection).map((d) => [d.source, d]));
  const others = existing.filter((d) => d.collection !== input.collection);
  const next: StoredDocument[] = [];
  let added = 0;
  let updated = 0;
  let unchanged = 0;
  for (const page of input.pages) {
    const hash = sha256(page.content);
    const before = mine.get(page.source);
    if (before && before.sha256 === hash) {
      next.push(before);
      unchanged++;
      continue;
    }
    const { title, text } = pageText({ content: page.content, type: page.type, fallbackTitle: page.title });
    if (!/[\p{L}\p{N}]/u.test(text)) {
      input.skipped.push({ source: page.source, why: 'no text' });
      continue;
    }
    next.push({
      id: documentId(page.source),
      kind: input.kind,
      source: page.source,
      collection: input.collection,
      title: title.slice(0, 1000),
      text,
      contentType: page.type,
      sha256: hash,
      indexedAt: input.now.toISOString(),
    });
    if (before) updated++;
    else added++;
  }
  const kept = new Set(next.map((d) => d.source));
  const removed = [...mine.keys()].filter((s) => !kept.has(s)).length;
  await input.store.save([...others, ...next]);
  return { collection: input.collection, added, updated, unchanged, removed, skipped: input.skipped };
}

async function listFiles(folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (out.length >= MAX_FILES) return;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  await walk(folder);
  return out;
}
