import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentStore } from '@forage/retrieval';
import { startTestNats, tempDir } from '@forage/testing';
import type { RunningNatsServer } from '@forage/messaging';
import { loadDomExtractionConfig } from '../apps/dom-extraction/src/config.js';
import { startDomExtractionService } from '../apps/dom-extraction/src/service.js';
import { indexCommand, indexDirOf } from '../apps/cli/src/commands/index.js';
import { connectRenderer } from '../apps/cli/src/commands/extract-url.js';

/** A page whose text exists only after its script runs. */
const SCRIPTED = `<!doctype html><html><head><title>Dispatch desk</title></head><body><main id="m"></main>
<script>document.getElementById('m').innerHTML = '<h1>Night dispatch</h1><p>The night dispatcher this quarter is Ilse Marrow, reachable on extension 4471.</p>';</script>
</body></html>`;

function site(pages: Record<string, { type: string; body: string }>, requested: string[]): Server {
  return createServer((req, res) => {
    const path = req.url ?? '/';
    requested.push(path);
    const page = pages[path];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * `forage index <sitemap>` with a running stack: pages are rendered by dom-extraction over a real
 * nats-server in real Chromium, so text a script writes is indexed; robots.txt is honoured before
 * anything is rendered, and dom-extraction's own egress guard refuses what the stack does not allow.
 */
describe('forage index renders pages through dom-extraction', () => {
  const dir = tempDir('forage-index-render-');
  const requested: string[] = [];
  const otherRequested: string[] = [];
  let nats: RunningNatsServer;
  let service: Awaited<ReturnType<typeof startDomExtractionService>>;
  let renderer: Awaited<ReturnType<typeof connectRenderer>>;
  let server: Server;
  let other: Server;
  let origin = '';
  let otherOrigin = '';

  beforeAll(async () => {
    const pages: Record<string, { type: string; body: string }> = {
      '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
      '/app': { type: 'text/html', body: SCRIPTED },
      '/private/secret': { type: 'text/html', body: '<title>No</title><p>not for robots</p>' },
    };
    server = site(pages, requested);
    origin = await listen(server);
    pages['/sitemap.xml'] = {
      type: 'application/xml',
      body: `<urlset><url><loc>${origin}/app</loc></url><url><loc>${origin}/private/secret</loc></url></urlset>`,
    };
    other = site({ '/page': { type: 'text/html', body: SCRIPTED } }, otherRequested);
    otherOrigin = await listen(other);
    nats = await startTestNats();
    service = await startDomExtractionService(
      loadDomExtractionConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
        // the stack allows the first site only
        EGRESS_ALLOWLIST: origin,
        DOMAIN_MIN_DELAY_MS: '0',
      }),
    );
    renderer = await connectRenderer(nats.url);
  }, 120_000);

  afterAll(async () => {
    await renderer.close();
    await service.stop();
    await nats.stop();
    for (const s of [server, other]) {
      s.closeAllConnections();
      await new Promise<void>((r) => {
        s.close(() => {
          r();
        });
      });
    }
    dir.remove();
  });

  const index = async (dataDir: string, targets: string[], render: boolean, allow: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await indexCommand({
      targets,
      dataDir,
      list: false,
      remove: [],
      allow,
      write: (l) => out.push(l),
      warn: (l) => err.push(l),
      ...(render ? { render: renderer.render } : {}),
    });
    const docs = await new DocumentStore(indexDirOf(dataDir)).load();
    return { code, out, err, docs };
  };

  it('indexes the text a script writes, which a plain fetch does not see', async () => {
    const rendered = await index(join(dir.path, 'rendered'), [`${origin}/sitemap.xml`], true, [origin]);
    expect(rendered.out).toEqual([`${origin}/sitemap.xml: 1 added, 0 updated, 0 unchanged, 0 removed`]);
    expect(rendered.docs).toHaveLength(1);
    expect(rendered.docs[0]?.text).toMatch(/night dispatcher this quarter is Ilse Marrow/);
    expect(rendered.docs[0]?.title).toMatch(/dispatch/i);

    const plain = await index(join(dir.path, 'plain'), [`${origin}/sitemap.xml`], false, [origin]);
    // fetched as HTML the page has no text at all: it is skipped, or indexed without the script's words
    expect(plain.docs.map((d) => d.text).join('\n')).not.toMatch(/Ilse Marrow/);
  }, 90_000);

  it('asks robots.txt before rendering: a disallowed page is never requested', () => {
    expect(requested).toContain('/robots.txt');
    expect(requested).toContain('/app');
    expect(requested).not.toContain('/private/secret');
  });

  it("skips a page the stack's egress guard refuses, saying why, and never contacts it", async () => {
    const list = join(dir.path, 'urls.txt');
    writeFileSync(list, `${otherOrigin}/page\n`);
    // the CLI may reach the origin (its robots.txt is read), the stack's dom-extraction may not
    const result = await index(join(dir.path, 'refused'), [list], true, [otherOrigin]);
    expect(result.docs).toHaveLength(0);
    expect(result.err.join('\n')).toMatch(/skipped .*\/page: .*egress/i);
    expect(otherRequested).not.toContain('/page');
  }, 60_000);
});
