import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentStore } from '@forage/retrieval';
import { tempDir } from '@forage/testing';
import { indexCommand, indexDirOf } from './index.js';

/** `forage index` on a folder, a sitemap and a file of URLs, with --list and --remove. */
describe('forage index', () => {
  const dir = tempDir('forage-cli-index-');
  const dataDir = join(dir.path, 'home');
  const folder = join(dir.path, 'pages');
  let server: Server;
  let origin = '';
  const requested: string[] = [];

  beforeAll(async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'a.html'), '<title>Alpha</title><p>Alpha page text.</p>');
    writeFileSync(join(folder, 'b.md'), '# Beta\n\nBeta page text.');
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      requested.push(path);
      if (path === '/robots.txt')
        return void res
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: *\nDisallow: /private/\n');
      if (path === '/sitemap.xml')
        return void res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<urlset><url><loc>${origin}/docs/one</loc></url><url><loc>${origin}/private/two</loc></url><url><loc>${origin}/img.png</loc></url></urlset>`,
          );
      if (path === '/docs/one')
        return void res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<title>One</title><p>First document.</p>');
      if (path === '/img.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('png');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) =>
      server.close(() => {
        r();
      }),
    );
    dir.remove();
  });

  const run = async (input: {
    targets?: string[];
    list?: boolean;
    json?: boolean;
    remove?: string[];
    allow?: string[];
  }) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await indexCommand({
      targets: input.targets ?? [],
      dataDir,
      list: input.list ?? false,
      json: input.json ?? false,
      remove: input.remove ?? [],
      allow: input.allow ?? [],
      write: (l) => out.push(l),
      warn: (l) => err.push(l),
    });
    return { code, out, err };
  };

  it('indexes a folder into the data directory, then only what changed', async () => {
    expect(await run({ targets: [folder] })).toMatchObject({
      code: 0,
      out: [`${folder}: 2 added, 0 updated, 0 unchanged, 0 removed`],
    });
    expect((await new DocumentStore(indexDirOf(dataDir)).load()).map((d) => d.title).sort()).toEqual([
      'Alpha',
      'Beta',
    ]);
    writeFileSync(join(folder, 'b.md'), '# Beta\n\nBeta page text, revised.');
    expect((await run({ targets: [folder] })).out).toEqual([
      `${folder}: 0 added, 1 updated, 1 unchanged, 0 removed`,
    ]);
  });

  it('refuses a loopback sitemap the user did not allow (egress guard)', async () => {
    const before = requested.length;
    const result = await run({ targets: [`${origin}/sitemap.xml`] });
    expect(result.code).not.toBe(0);
    expect(result.err.join('\n')).toMatch(/egress denied/);
    expect(requested.length).toBe(before);
  });

  it('indexes an allowed sitemap, honouring robots.txt and skipping non-HTML', async () => {
    const result = await run({ targets: [`${origin}/sitemap.xml`], allow: [origin] });
    expect(result.out).toEqual([`${origin}/sitemap.xml: 1 added, 0 updated, 0 unchanged, 0 removed`]);
    expect(result.err.join('\n')).toMatch(/private\/two: disallowed by robots.txt/);
    expect(result.err.join('\n')).toMatch(/img.png: not HTML or text/);
    expect(requested).not.toContain('/private/two');
  });

  it('indexes a file listing URLs', async () => {
    const list = join(dir.path, 'urls.txt');
    writeFileSync(list, `# my pages\n${origin}/docs/one\n`);
    expect((await run({ targets: [list], allow: [origin] })).out).toEqual([
      `${list}: 1 added, 0 updated, 0 unchanged, 0 removed`,
    ]);
  });

  it('lists and removes collections', async () => {
    const listed = await run({ list: true });
    expect(listed.out.map((l) => l.split('\t').slice(0, 2).join(' '))).toEqual(
      [
        `${folder} 2 documents`,
        `${origin}/sitemap.xml 1 documents`,
        `${join(dir.path, 'urls.txt')} 1 documents`,
      ].sort(),
    );
    const json = JSON.parse((await run({ list: true, json: true })).out.join('')) as {
      collections: { collection: string; documents: number }[];
    };
    expect(json.collections.find((c) => c.collection === folder)).toMatchObject({ documents: 2 });
    expect((await run({ remove: [folder] })).out).toEqual([`${folder}: 2 documents removed`]);
    expect((await run({ list: true })).out).toHaveLength(2);
  });

  it('explains what it needs when given nothing', async () => {
    expect(await run({})).toMatchObject({ code: 64 });
  });
});
