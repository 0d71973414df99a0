import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tempDir } from '@forage/testing';
import { extractFiles } from './extract.js';

const STORY =
  'The ferry resumed service on Monday after a two-week pause, carrying commuters, cyclists and a school trip across the bay, and the operator said timetables would return to normal by Friday.';

function page(title: string, body: string): string {
  return `<html><head><title>${title}</title></head><body>
    <nav><a href="/">Home</a> <a href="/news">News</a></nav>
    <article><h1>${title}</h1><p>${body}</p><p>${STORY}</p><p>Details are on the <a href="/ferry/timetable">timetable page</a>, which the operator updates every morning, weather permitting.</p></article>
    <footer>© Harbour Gazette</footer></body></html>`;
}

describe('extractFiles', () => {
  const dir = tempDir('forage-extract-');
  const plain = join(dir.path, 'ferry.html');
  const gzipped = join(dir.path, 'bridge.html.gz');
  const latin1 = join(dir.path, 'cafe.html');
  writeFileSync(
    plain,
    page('Ferry is back', 'Crowds cheered at the pier as the first boat arrived, twenty minutes late.'),
  );
  writeFileSync(
    gzipped,
    gzipSync(
      page(
        'Bridge reopens',
        'The bridge reopened after repairs, with one lane open, and traffic flowed again.',
      ),
    ),
  );
  writeFileSync(
    latin1,
    Buffer.from(
      `<html><head><meta charset="iso-8859-1"></head><body><article><p>Le café du port rouvre, après des travaux, avec une nouvelle terrasse.</p><p>${STORY}</p></article></body></html>`,
      'latin1',
    ),
  );
  afterAll(() => {
    dir.remove();
  });

  async function run(files: string[], format: 'text' | 'markdown' | 'json', url?: string) {
    const lines: string[] = [];
    const warnings: string[] = [];
    const code = await extractFiles({
      files,
      format,
      write: (l) => lines.push(l),
      warn: (l) => warnings.push(l),
      ...(url === undefined ? {} : { url }),
    });
    return { code, lines, warnings };
  }

  it('writes one JSON line per file with file, title, text and markdown, reading .html and .html.gz', async () => {
    const { code, lines } = await run([plain, gzipped], 'json');
    expect(code).toBe(0);
    expect(lines).toHaveLength(2);
    const [ferry, bridge] = lines.map((l) => JSON.parse(l) as Record<string, string>);
    expect(Object.keys(ferry ?? {})).toEqual(['file', 'title', 'text', 'markdown']);
    expect(ferry?.['file']).toBe(plain);
    expect(ferry?.['title']).toBe('Ferry is back');
    expect(ferry?.['text']).toContain('Crowds cheered at the pier');
    expect(ferry?.['text']).not.toContain('Harbour Gazette');
    expect(bridge?.['text']).toContain('The bridge reopened after repairs');
  });

  it('prints a header and the plain text of each file for --format text', async () => {
    const { code, lines } = await run([plain, gzipped], 'text');
    expect(code).toBe(0);
    expect(lines[0]).toBe(`==> ${plain} <==`);
    expect(lines[1]).toContain(STORY);
    expect(lines).toContain(`==> ${gzipped} <==`);
  });

  it('prints Markdown with links resolved against --url for --format markdown', async () => {
    const { lines } = await run([plain], 'markdown', 'https://gazette.example/2024/ferry');
    expect(lines[1]).toContain('[timetable page](https://gazette.example/ferry/timetable)');
  });

  it('decodes pages in the charset they declare', async () => {
    const { lines } = await run([latin1], 'text');
    expect(lines[1]).toContain('Le café du port rouvre');
  });

  it('reports an unreadable file, still processes the others, and returns a non-zero code', async () => {
    const missing = join(dir.path, 'missing.html');
    const { code, lines, warnings } = await run([missing, plain], 'json');
    expect(code).not.toBe(0);
    expect(lines).toHaveLength(1);
    expect(warnings.join('\n')).toContain('missing.html');
  });

  it('refuses to run without files', async () => {
    const { code, warnings } = await run([], 'json');
    expect(code).toBe(64);
    expect(warnings).toHaveLength(1);
  });
});
