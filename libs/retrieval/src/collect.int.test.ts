import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@forage/testing';
import { DocumentStore } from './document-store.js';
import { indexFolder, indexPages, listCollections, removeCollection } from './collect.js';

describe('the persistent local index on disk', () => {
  const dir = tempDir('forage-index-');
  const pages = join(dir.path, 'pages');
  const store = new DocumentStore(join(dir.path, 'store'));
  const now = new Date('2026-01-02T03:04:05Z');

  beforeAll(() => {
    mkdirSync(join(pages, 'sub'), { recursive: true });
    writeFileSync(
      join(pages, 'tides.html'),
      '<html><head><title>Tide tables</title></head><body><p>High tide at 6:42.</p><script>x()</script></body></html>',
    );
    writeFileSync(
      join(pages, 'sub', 'notes.md'),
      '# Lighthouse notes\n\nThe **lamp** was [replaced](http://x.example) in 1998.\n',
    );
    writeFileSync(join(pages, 'image.png'), 'not indexed');
    writeFileSync(join(pages, '.hidden.html'), '<p>hidden</p>');
  });

  afterAll(() => {
    dir.remove();
  });

  it('indexes HTML and Markdown files of a folder, with titles and plain text', async () => {
    const report = await indexFolder({ store, folder: pages, now });
    expect(report).toMatchObject({ added: 2, updated: 0, unchanged: 0, removed: 0 });
    const docs = await store.load();
    expect(docs.map((d) => [d.title, d.contentType])).toEqual([
      ['Lighthouse notes', 'markdown'],
      ['Tide tables', 'html'],
    ]);
    expect(docs[0]!.text).toContain('The lamp was replaced in 1998.');
    expect(docs[1]!.text).toContain('High tide at 6:42.');
    expect(docs[1]!.text).not.toContain('x()');
  });

  it('survives a new store object (a restart) and re-reads only changed files', async () => {
    writeFileSync(join(pages, 'tides.html'), '<title>Tide tables</title><p>High tide at 7:15.</p>');
    const reopened = new DocumentStore(join(dir.path, 'store'));
    const report = await indexFolder({ store: reopened, folder: pages, now });
    expect(report).toMatchObject({ added: 0, updated: 1, unchanged: 1, removed: 0 });
    expect((await reopened.load()).find((d) => d.title === 'Tide tables')!.text).toContain('7:15');
  });

  it('drops files that left the folder', async () => {
    rmSync(join(pages, 'sub', 'notes.md'));
    expect(await indexFolder({ store, folder: pages, now })).toMatchObject({ removed: 1, unchanged: 1 });
  });

  it('lists and removes collections, leaving the others', async () => {
    await indexPages({
      store,
      collection: 'https://docs.example/sitemap.xml',
      pages: [{ url: 'https://docs.example/a', content: '<title>A</title><p>Alpha text</p>', type: 'html' }],
      skipped: [],
      now,
    });
    expect((await listCollections(store)).map((c) => [c.collection, c.documents])).toEqual([
      [pages, 1],
      ['https://docs.example/sitemap.xml', 1],
    ]);
    expect(await removeCollection(store, pages)).toBe(1);
    expect((await store.load()).map((d) => d.source)).toEqual(['https://docs.example/a']);
  });
});
