import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { resolveSettings } from '@forage/config';
import { executeAction, extractPage } from '@forage/contracts';
import { Bus, RemoteError, type RunningNatsServer, type RunningService } from '@forage/messaging';
import { startTestNats } from '@forage/testing';
import { loadActionExecutionConfig } from '../apps/action-execution/src/config.js';
import { startActionExecutionService } from '../apps/action-execution/src/service.js';
import { planProcesses, type ServiceName } from '../apps/cli/src/stack/layout.js';
import { loadDomExtractionConfig } from '../apps/dom-extraction/src/config.js';
import { startDomExtractionService } from '../apps/dom-extraction/src/service.js';

const ARTICLE =
  'The harbour ferry resumed its winter timetable on Monday, with crossings every forty minutes and an extra late boat on Fridays for the theatre crowd.';

/** A site on loopback, as a user's own page served on the same machine. */
async function startLocalSite(): Promise<{ origin: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><head><title>Ferry timetable</title></head><body><nav><a href="/">Home</a></nav><article><h1>Ferry timetable</h1><p>${ARTICLE}</p><p>${ARTICLE}</p></article></body></html>`,
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

/** What one service gets from `forage up --allow …`, through the same layout the CLI uses. */
function serviceEnv(input: {
  natsUrl: string;
  allow: string[];
  service: ServiceName;
}): Record<string, string> {
  const { values: user } = resolveSettings({ flags: { allow: input.allow } });
  const plans = planProcesses({
    settings: {
      natsUrl: input.natsUrl,
      evidenceKey: randomBytes(32).toString('hex'),
      dataDir: '/nonexistent',
      sandboxOrigins: [],
      gatewayPort: 7700,
      logLevel: 'silent',
      user,
    },
    replicas: {},
    opsPorts: Array.from({ length: 9 }, () => 0),
  });
  const plan = plans.find((p) => p.service === input.service);
  if (!plan) throw new Error(`no plan for ${input.service}`);
  return plan.env;
}

async function refusal(request: Promise<unknown>): Promise<RemoteError> {
  try {
    await request;
  } catch (err) {
    if (err instanceof RemoteError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

/**
 * `forage up --allow <origin>` as the services see it: a loopback origin is fetched only when it
 * is allowed, by dom-extraction and action-execution alike; a refusal is typed and names the
 * address class and the setting; link-local and metadata addresses stay refused whatever is allowed.
 */
describe('allowed origins reach every fetcher', () => {
  let nats: RunningNatsServer;
  let allowed: Awaited<ReturnType<typeof startLocalSite>>;
  let other: Awaited<ReturnType<typeof startLocalSite>>;
  let extraction: RunningService;
  let actions: RunningService;
  let nc: NatsConnection;
  let bus: Bus;

  beforeAll(async () => {
    allowed = await startLocalSite();
    other = await startLocalSite();
    nats = await startTestNats();
    const allow = [allowed.origin];
    extraction = await startDomExtractionService(
      loadDomExtractionConfig(serviceEnv({ natsUrl: nats.url, allow, service: 'dom-extraction' })),
    );
    actions = await startActionExecutionService(
      loadActionExecutionConfig(serviceEnv({ natsUrl: nats.url, allow, service: 'action-execution' })),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 60_000 });
  }, 90_000);

  afterAll(async () => {
    await nc.close();
    await actions.stop();
    await extraction.stop();
    await nats.stop();
    allowed.server.close();
    other.server.close();
  });

  const extract = (url: string) => bus.request(extractPage, { runId: randomUUID(), url, screenshot: false });
  const goto = (url: string) =>
    bus.request(executeAction, {
      runId: randomUUID(),
      sessionId: `s-${randomUUID()}`,
      idempotencyKey: `k-${randomUUID()}`,
      action: { type: 'goto', url },
    });

  it('dom-extraction renders the allowed loopback origin and returns its main content', async () => {
    const page = await extract(`${allowed.origin}/page.html`);
    expect(page.outcome.kind).toBe('ok');
    expect(page.mainContent?.text).toContain('winter timetable');
  }, 60_000);

  it('action-execution opens the allowed loopback origin', async () => {
    const reply = await goto(`${allowed.origin}/page.html`);
    expect(reply.status).toBe('done');
    expect(allowed.hits).toContain('/page.html');
  }, 60_000);

  it('refuses a loopback origin that is not allowed, with a typed error naming the class and the setting', async () => {
    for (const err of [
      await refusal(extract(`${other.origin}/page.html`)),
      await refusal(goto(`${other.origin}/page.html`)),
    ]) {
      expect(err.code).toBe('egress_denied');
      expect(err.retryable).toBe(false);
      expect(err.message).toContain('a loopback address');
      expect(err.message).toContain(`--allow ${other.origin}`);
      expect(err.message).toContain('FORAGE_ALLOW');
    }
    expect(other.hits).toEqual([]);
  }, 60_000);

  it('refuses link-local and cloud metadata addresses although loopback is allowed', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://metadata.google.internal/',
    ]) {
      for (const err of [await refusal(extract(url)), await refusal(goto(url))]) {
        expect(err.code).toBe('egress_denied');
        expect(err.message).toMatch(/metadata|link-local/);
        expect(err.message).toContain('never fetched, whatever is allowed');
      }
    }
  }, 60_000);
});
