import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { markdownAsHtml, type StoredDocument } from '@forage/retrieval';
import type { SearchConfig } from '../config.js';
import { linkIndexedFiles } from '../core/file-links.js';
import { SEARCH_CONFIG } from '../tokens.js';

/**
 * Serves the files of the user's index on a loopback origin (`GET /files/<id>`), so a result for
 * a file has a URL the browser can render and evidence like any page. Only ids in the index are
 * served: a request cannot name a path. Markdown is served as minimal HTML. Links from one indexed
 * HTML file to another (a folder of pages linking each other) point at the other's `/files/<id>`.
 */
@Injectable()
export class IndexedFilesServer implements OnModuleInit, OnModuleDestroy {
  private server: Server | undefined;
  private files = new Map<string, StoredDocument>();
  private idBySource = new Map<string, string>();
  private actualOrigin: string | undefined;

  constructor(@Inject(SEARCH_CONFIG) private readonly config: SearchConfig) {}

  /** `http://127.0.0.1:<port>` once listening; undefined when SEARCH_FILES_PORT is not set. */
  get origin(): string | undefined {
    return this.actualOrigin;
  }

  /** The file documents that may be served (replaced whenever the index is reloaded). */
  serve(documents: readonly StoredDocument[]): void {
    this.files = new Map(documents.filter((d) => d.kind === 'file').map((d) => [d.id, d]));
    this.idBySource = new Map([...this.files.values()].map((d) => [d.source, d.id]));
  }

  async onModuleInit(): Promise<void> {
    if (this.config.SEARCH_FILES_PORT === undefined) return;
    const server = createServer((req, res) => {
      const id = /^\/files\/([a-f0-9]{1,64})$/.exec(new URL(req.url ?? '/', 'http://x').pathname)?.[1];
      const doc = id === undefined ? undefined : this.files.get(id);
      if (req.method !== 'GET' || !doc) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not in the index');
        return;
      }
      readFile(doc.source, 'utf8').then(
        (content) => {
          const [type, body] =
            doc.contentType === 'html'
              ? [
                  'text/html; charset=utf-8',
                  linkIndexedFiles({ html: content, source: doc.source, idBySource: this.idBySource }),
                ]
              : doc.contentType === 'markdown'
                ? ['text/html; charset=utf-8', markdownAsHtml(content, doc.title)]
                : ['text/plain; charset=utf-8', content];
          res.writeHead(200, { 'content-type': type, 'x-forage-source': encodeURI(doc.source) }).end(body);
        },
        () => {
          res
            .writeHead(410, { 'content-type': 'text/plain' })
            .end('the file is gone; run forage index again');
        },
      );
    });
    const port = this.config.SEARCH_FILES_PORT;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
    } catch (err) {
      // replicas share one port: the first to bind serves every replica's citations (same store)
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw err;
      this.actualOrigin = `http://127.0.0.1:${port}`;
      return;
    }
    this.server = server;
    this.actualOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async onModuleDestroy(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }
}
