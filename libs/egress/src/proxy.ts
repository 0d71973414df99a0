import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { decideByName, decideEgress, literalHost, type AllowRule, type EgressVerdict } from './policy.js';
import { systemResolver, type Resolver } from './resolver.js';

export interface EgressDecision {
  readonly url: string;
  readonly verdict: EgressVerdict;
  /** The address connected to when allowed: the same one the policy checked. */
  readonly address?: string;
}

export interface EgressProxyOptions {
  readonly allowlist: readonly AllowRule[];
  readonly denylist?: readonly string[];
  readonly resolve?: Resolver;
  readonly host?: string;
  readonly connectTimeoutMs?: number;
  readonly onDecision?: (decision: EgressDecision) => void;
}

/** Header on a proxy refusal, so a caller can tell "egress denied" from the site's own 403. */
export const DENIED_HEADER = 'x-forage-egress-denied';

const HOP_BY_HOP = new Set([
  'proxy-authorization',
  'proxy-connection',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * A forward proxy that every browser request goes through (plain HTTP, CONNECT tunnels for
 * HTTPS and WSS, and WebSocket upgrades). It resolves each host once, judges every address with
 * the egress policy, and connects only to the address it judged: redirects, subresources and
 * DNS rebinding all meet the same check at the moment of connection. Loopback-only, and
 * protected by random credentials so no other local process can borrow it.
 */
export class EgressProxy {
  readonly username = 'forage';
  readonly password = randomBytes(18).toString('base64url');
  private readonly expectedAuth: Buffer;
  private readonly sockets = new Set<Socket | Duplex>();
  private readonly resolve: Resolver;
  private server: Server | undefined;
  private port = 0;
  readonly counts = { allowed: 0, denied: 0 };

  constructor(private readonly options: EgressProxyOptions) {
    this.resolve = options.resolve ?? systemResolver;
    this.expectedAuth = Buffer.from(
      `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`,
    );
  }

  static async start(options: EgressProxyOptions): Promise<EgressProxy> {
    const proxy = new EgressProxy(options);
    await proxy.listen();
    return proxy;
  }

  get url(): string {
    return `http://${this.options.host ?? '127.0.0.1'}:${this.port}`;
  }

  /** Playwright launch option: everything, loopback included, goes through this proxy. */
  playwrightProxy(): { server: string; bypass: string; username: string; password: string } {
    return { server: this.url, bypass: '<-loopback>', username: this.username, password: this.password };
  }

  /** Decides one URL: by name first, then by every address it resolves to. */
  async decide(rawUrl: string): Promise<EgressDecision> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { url: rawUrl, verdict: { allowed: false, reason: 'scheme', detail: 'not a URL' } };
    }
    const early = decideByName(url, this.options.denylist ?? []);
    if (early) return { url: rawUrl, verdict: early };
    const literal = literalHost(url);
    let addresses: string[] | null;
    try {
      addresses = literal === null ? await this.resolve(url.hostname) : [literal];
    } catch {
      addresses = null;
    }
    const verdict = decideEgress({
      url,
      addresses,
      allowlist: this.options.allowlist,
      ...(this.options.denylist ? { denylist: this.options.denylist } : {}),
    });
    const address = addresses?.[0];
    if (!verdict.allowed || address === undefined) return { url: rawUrl, verdict };
    return { url: rawUrl, verdict, address };
  }

  private async listen(): Promise<void> {
    const server = createServer((req, res) => {
      void this.onRequest(req, res);
    });
    server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.onConnect(req, socket, head);
    });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      void this.onUpgrade(req, socket, head);
    });
    server.on('connection', (socket: Socket) => {
      this.track(socket);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, this.options.host ?? '127.0.0.1', resolve);
    });
    this.port = (server.address() as AddressInfo).port;
  }

  private authorised(req: IncomingMessage): boolean {
    const given = Buffer.from(req.headers['proxy-authorization'] ?? '');
    return given.length === this.expectedAuth.length && timingSafeEqual(given, this.expectedAuth);
  }

  private record(decision: EgressDecision): EgressDecision {
    if (decision.verdict.allowed) this.counts.allowed++;
    else this.counts.denied++;
    this.options.onDecision?.(decision);
    return decision;
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.authorised(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="forage-egress"' }).end();
      return;
    }
    const decision = this.record(await this.decide(req.url ?? ''));
    if (!decision.verdict.allowed || decision.address === undefined) {
      const detail = decision.verdict.allowed ? 'no address' : decision.verdict.detail;
      res.writeHead(403, {
        [DENIED_HEADER]: decision.verdict.allowed ? 'address' : decision.verdict.reason,
        'content-type': 'text/plain',
      });
      res.end(`egress denied: ${detail}\n`);
      return;
    }
    const target = new URL(req.url ?? '');
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
    const upstream = httpRequest({
      host: decision.address,
      port: Number(target.port || 80),
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      setHost: false,
      timeout: this.options.connectTimeoutMs ?? 30_000,
    });
    upstream.on('response', (up) => {
      const out = Object.fromEntries(Object.entries(up.headers).filter(([k]) => !HOP_BY_HOP.has(k)));
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    });
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway\n');
      else res.destroy();
    });
    req.pipe(upstream);
  }

  private async onConnect(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    if (!this.authorised(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="forage-egress"\r\n\r\n',
      );
      return;
    }
    const [host, port] = splitAuthority(req.url ?? '');
    // the tunnel carries TLS (https, wss) or anything else: judge it as https on that port
    const decision = this.record(await this.decide(`https://${host}:${port}/`));
    if (!decision.verdict.allowed || decision.address === undefined) {
      client.end(
        `HTTP/1.1 403 Forbidden\r\n${DENIED_HEADER}: ${decision.verdict.allowed ? 'address' : decision.verdict.reason}\r\n\r\n`,
      );
      return;
    }
    this.tunnel({
      client,
      address: decision.address,
      port,
      head,
      greeting: 'HTTP/1.1 200 Connection Established\r\n\r\n',
    });
  }

  private async onUpgrade(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    this.track(client);
    if (!this.authorised(req)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="forage-egress"\r\n\r\n',
      );
      return;
    }
    const decision = this.record(await this.decide(req.url ?? ''));
    if (!decision.verdict.allowed || decision.address === undefined) {
      client.end(
        `HTTP/1.1 403 Forbidden\r\n${DENIED_HEADER}: ${decision.verdict.allowed ? 'address' : decision.verdict.reason}\r\n\r\n`,
      );
      return;
    }
    const target = new URL(req.url ?? '');
    const lines = [`${req.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i] ?? '';
      if (name.toLowerCase().startsWith('proxy-')) continue;
      lines.push(`${name}: ${req.rawHeaders[i + 1] ?? ''}`);
    }
    this.tunnel({
      client,
      address: decision.address,
      port: Number(target.port || 80),
      head,
      upstreamPreamble: `${lines.join('\r\n')}\r\n\r\n`,
    });
  }

  private tunnel(input: {
    client: Duplex;
    address: string;
    port: number;
    head: Buffer;
    greeting?: string;
    upstreamPreamble?: string;
  }): void {
    const upstream = connect({
      host: input.address,
      port: input.port,
      timeout: this.options.connectTimeoutMs ?? 30_000,
    });
    this.track(upstream);
    upstream.once('connect', () => {
      upstream.setTimeout(0);
      if (input.greeting) input.client.write(input.greeting);
      if (input.upstreamPreamble) upstream.write(input.upstreamPreamble);
      if (input.head.length > 0) upstream.write(input.head);
      upstream.pipe(input.client);
      input.client.pipe(upstream);
    });
    const fail = (): void => {
      if (!input.client.destroyed && !input.client.writableEnded)
        input.client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      upstream.destroy();
    };
    upstream.once('timeout', fail);
    upstream.on('error', fail);
    input.client.on('error', () => upstream.destroy());
    input.client.once('close', () => upstream.destroy());
  }

  /**
   * Every socket the proxy holds gets an error handler at once: a browser killed while its
   * CONNECT or upgrade request is still being decided resets a socket nothing else listens on yet,
   * and an unhandled 'error' would take the whole service down.
   */
  private track(socket: Socket | Duplex): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => this.sockets.delete(socket));
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }
}

/** `host:port` or `[v6]:port` from a CONNECT request target. */
export function splitAuthority(authority: string): [host: string, port: number] {
  const match = /^\[([^\]]+)\]:(\d+)$/.exec(authority) ?? /^([^:]+):(\d+)$/.exec(authority);
  if (!match?.[1] || !match[2]) return [authority, 443];
  return [match[1].includes(':') ? `[${match[1]}]` : match[1], Number(match[2])];
}
