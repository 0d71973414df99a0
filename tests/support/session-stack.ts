import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createApiKey, writeApiKeyFile } from '@forage/config';
import { natsConnectOptions, type RunningService } from '@forage/messaging';
import { startTestNats, tempDir, type TestNats } from '@forage/testing';
import { loadLoggingConfig } from '../../apps/logging/src/config.js';
import { startLoggingService } from '../../apps/logging/src/service.js';
import { loadDomUnderstandingConfig } from '../../apps/dom-understanding/src/config.js';
import { startDomUnderstandingService } from '../../apps/dom-understanding/src/service.js';
import { loadActionExecutionConfig } from '../../apps/action-execution/src/config.js';
import { startActionExecutionService } from '../../apps/action-execution/src/service.js';
import { loadGatewayConfig } from '../../apps/gateway/src/config.js';
import { startGatewayService, type RunningGateway } from '../../apps/gateway/src/service.js';

/** The test site as a test sees it. */
export interface FormSite {
  readonly origin: string;
  /** The session cookie `/login` sets (`forage_sid`), random per site. */
  readonly sessionCookie: string;
  /** The `forage_sid` values `/account` received, in order (null: none sent). */
  readonly accountVisits: (string | null)[];
  /** Every request's path and the `forage_sid` it carried (null: none), in order. */
  readonly requests: { path: string; sid: string | null }[];
  stop(): Promise<void>;
}

/**
 * A small site of the test's own on loopback: a form and the page it submits to; `/login` sets a
 * session cookie and a local-storage value, `/account` greets a signed-in visitor and shows it,
 * `/home` links to `/account`.
 */
export async function startFormSite(): Promise<FormSite> {
  const sessionCookie = randomBytes(12).toString('hex');
  const accountVisits: (string | null)[] = [];
  const requests: FormSite['requests'] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const sid = /(?:^|;\s*)forage_sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? null;
    requests.push({ path: url.pathname, sid });
    const html = (body: string): void => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><head><title>Contact</title></head><body>${body}</body></html>`,
      );
    };
    if (url.pathname === '/form') {
      html(`<main><h1>Contact us</h1><p>Leave your name and we will write back.</p>
        <form action="/thanks" method="get">
          <label for="name">Your name</label><input id="name" name="name" required>
          <label for="email">Email</label><input id="email" name="email" type="email">
          <label for="size">Size</label><select id="size" name="size"><option>Small</option><option>Large</option></select>
          <label><input type="checkbox" name="terms" value="yes"> I accept the terms</label>
          <button type="submit">Send message</button>
        </form></main>`);
      return;
    }
    if (url.pathname === '/login') {
      res.setHeader(
        'set-cookie',
        `forage_sid=${sessionCookie}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400`,
      );
      html(`<main><h1>Signed in</h1><p>Welcome, Ada.</p>
        <script>localStorage.setItem('theme', 'dark-${sessionCookie.slice(0, 6)}')</script></main>`);
      return;
    }
    if (url.pathname === '/home') {
      html(`<main><h1>Home</h1><p>Your orders and settings are on your account page.</p>
        <nav><a href="/account">Account</a></nav></main>`);
      return;
    }
    if (url.pathname === '/account') {
      accountVisits.push(sid);
      const greeting = sid === sessionCookie ? 'Welcome back, Ada.' : 'Please sign in.';
      html(`<main><h1>Account</h1><p>${greeting}</p><p id="theme"></p>
        <script>document.getElementById('theme').textContent = 'Theme: ' + (localStorage.getItem('theme') || 'none')</script></main>`);
      return;
    }
    if (url.pathname === '/thanks') {
      const name = (url.searchParams.get('name') ?? '').replace(/[^\w ]/g, '');
      const terms = url.searchParams.get('terms') === 'yes' ? 'accepted' : 'not accepted';
      html(
        `<main><h1>Message sent</h1><p role="status">Thank you, ${name}. Size ${url.searchParams.get('size') ?? ''}, terms ${terms}.</p></main>`,
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    sessionCookie,
    accountVisits,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

export interface SessionStack {
  readonly nats: TestNats;
  /** The operator's connection (admin identity), for reading the log as `forage` does. */
  readonly admin: NatsConnection;
  readonly gateway: RunningGateway;
  readonly site: FormSite;
  /** API keys: `a` and `b` are two callers. */
  readonly keys: { a: string; b: string };
  /** Another gateway on the same bus, with its own session settings (GATEWAY_* overrides). */
  startGateway(env: NodeJS.ProcessEnv): Promise<RunningGateway>;
  stop(): Promise<void>;
}

/**
 * What a browser session needs, each service as a real Nest app under its own NATS identity
 * (least privilege as deployed): logging (PGlite), dom-understanding, action-execution (real
 * Chromium) and a gateway that requires API keys; the test's form site is the only allowed origin.
 */
export async function startSessionStack(gatewayEnv: NodeJS.ProcessEnv = {}): Promise<SessionStack> {
  const nats = await startTestNats({ auth: true });
  const site = await startFormSite();
  const dir = tempDir('forage-sessions-');
  const a = createApiKey('agent-a');
  const b = createApiKey('agent-b');
  const keysFile = join(dir.path, 'api-keys.json');
  writeApiKeyFile(keysFile, { keys: [a.record, b.record] });
  const env: NodeJS.ProcessEnv = {
    NATS_URL: nats.url,
    OPS_PORT: '0',
    LOG_LEVEL: process.env['FORAGE_TEST_LOG_LEVEL'] ?? 'silent',
    FORAGE_EVIDENCE_KEY: 'ab'.repeat(32),
    EGRESS_ALLOWLIST: site.origin,
    LOGGING_DATA_DIR: join(dir.path, 'logging'),
    GATEWAY_PORT: '0',
    GATEWAY_REQUIRE_API_KEY: 'true',
    GATEWAY_API_KEYS_FILE: keysFile,
    DOMAIN_MIN_DELAY_MS: '0',
  };
  const stops: (() => Promise<void>)[] = [];
  const asIdentities = async <T>(start: () => Promise<T>): Promise<T> => {
    // each service picks `<dir>/<identity>.password` from its environment, as under `forage up`
    process.env['NATS_CREDENTIALS_DIR'] = nats.credentialsDir;
    try {
      return await start();
    } finally {
      delete process.env['NATS_CREDENTIALS_DIR'];
    }
  };
  const service = async (start: () => Promise<RunningService | RunningGateway>) => {
    const running = await asIdentities(start);
    stops.push(() => running.stop());
    return running;
  };
  try {
    await service(() => startLoggingService(loadLoggingConfig(env)));
    await service(() => startDomUnderstandingService(loadDomUnderstandingConfig(env)));
    await service(() => startActionExecutionService(loadActionExecutionConfig(env)));
    const startGateway = async (overrides: NodeJS.ProcessEnv): Promise<RunningGateway> =>
      (await service(() =>
        startGatewayService(loadGatewayConfig({ ...env, ...overrides })),
      )) as RunningGateway;
    const gateway = await startGateway(gatewayEnv);
    const admin = await connect({
      servers: nats.url,
      ...natsConnectOptions(nats.security('admin')),
    });
    return {
      nats,
      admin,
      gateway,
      site,
      keys: { a: a.token, b: b.token },
      startGateway,
      async stop() {
        await admin.close();
        for (const stop of stops.reverse()) await stop();
        await site.stop();
        await nats.stop();
        dir.remove();
      },
    };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    await site.stop();
    await nats.stop();
    dir.remove();
    throw err;
  }
}
