import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateSandbox } from './generate.js';
import { MAX_BODY_BYTES, payloadTooLarge, respond, type SandboxResponse } from './router.js';
import type { SiteContent, SiteName } from './types.js';

export interface SandboxSite {
  readonly name: SiteName;
  readonly title: string;
  /** e.g. http://127.0.0.1:40123 */
  readonly origin: string;
}

export interface RunningSandbox {
  readonly sites: readonly SandboxSite[];
  originOf(name: SiteName): string;
  /** Closes every server and every open connection. */
  stop(): Promise<void>;
}

export interface SandboxOptions {
  /** Loopback by default; the sandbox is never meant to be reachable from elsewhere. */
  readonly host?: string;
  /** 0 (the default) picks a free port. */
  readonly ports?: Partial<Record<SiteName, number>>;
  readonly seed?: number;
}

/** Serves each site of the sandbox web on its own port, so each has a distinct origin. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const web = generateSandbox({ seed: options.seed });
  const running: { site: SandboxSite; server: Server }[] = [];
  try {
    for (const content of web.sites) {
      running.push(await listen({ content, host, port: options.ports?.[content.name] ?? 0 }));
    }
  } catch (error) {
    await Promise.all(running.map((r) => close(r.server)));
    throw error;
  }
  const sites = running.map((r) => r.site);
  return {
    sites,
    originOf: (name) => {
      const site = sites.find((s) => s.name === name);
      if (!site) throw new Error(`unknown sandbox site: ${name}`);
      return site.origin;
    },
    stop: async () => {
      await Promise.all(running.map((r) => close(r.server)));
    },
  };
}

async function listen(input: {
  content: SiteContent;
  host: string;
  port: number;
}): Promise<{ site: SandboxSite; server: Server }> {
  const holder: { origin: string } = { origin: '' };
  const server = createServer((req, res) => {
    handle({ content: input.content, origin: holder.origin, req, res });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(input.port, input.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  holder.origin = `http://${input.host.includes(':') ? `[${input.host}]` : input.host}:${port}`;
  return { site: { name: input.content.name, title: input.content.title, origin: holder.origin }, server };
}

/** Reads the body (POST only, bounded), asks the router, writes the answer. */
function handle(input: {
  content: SiteContent;
  origin: string;
  req: IncomingMessage;
  res: ServerResponse;
}): void {
  const { content, req, res } = input;
  // The configured origin, not the Host header, so absolute URLs (sitemap) cannot be spoofed.
  const url = new URL(req.url ?? '/', input.origin);
  const method = req.method ?? 'GET';
  if (method !== 'POST') {
    req.resume();
    send({ res, method, response: respond(content, { method, url }) });
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let rejected = false;
  req.on('data', (chunk: Buffer) => {
    if (rejected) return;
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      rejected = true;
      res.setHeader('connection', 'close');
      send({ res, method, response: payloadTooLarge(content) });
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (rejected) return;
    const body = Buffer.concat(chunks).toString('utf8');
    send({
      res,
      method,
      response: respond(content, { method, url, body, contentType: req.headers['content-type'] }),
    });
  });
  req.on('error', () => res.destroy());
}

function send(input: { res: ServerResponse; method: string; response: SandboxResponse }): void {
  const { res, response } = input;
  const body = Buffer.from(response.body, 'utf8');
  res.writeHead(response.status, {
    'content-type': response.contentType,
    'content-length': body.length,
    'x-content-type-options': 'nosniff',
    ...response.headers,
  });
  res.end(input.method === 'HEAD' ? undefined : body);
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
    server.closeAllConnections();
  });
}
