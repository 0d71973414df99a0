import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { extractPage } from '@forage/contracts';
import { Bus, RemoteError, type RunningNatsServer, type RunningService } from '@forage/messaging';
import {
  egressProbes,
  INTERNAL_NAMES,
  startProbeSite,
  startTestNats,
  startTrap,
  type ProbeSite,
  type Trap,
} from '@forage/testing';
import { loadDomExtractionConfig } from '../apps/dom-extraction/src/config.js';
import { startDomExtractionService } from '../apps/dom-extraction/src/service.js';

/**
 * The egress guard as a user meets it: dom.extract.v1 over NATS, Chromium behind the egress
 * proxy, and 60+ URLs and pages aimed at a loopback listener. Every probe must be refused and
 * the listener must see no connection at all.
 */
describe('dom-extraction never reaches internal addresses', () => {
  let nats: RunningNatsServer;
  let service: RunningService;
  let nc: NatsConnection;
  let bus: Bus;
  let trap: Trap;
  let site: ProbeSite;
  let siteOrigin: string;

  beforeAll(async () => {
    trap = await startTrap();
    site = await startProbeSite();
    siteOrigin = site.origin;
    nats = await startTestNats();
    service = await startDomExtractionService(
      loadDomExtractionConfig({
        NATS_URL: nats.url,
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
        // a probe page's request may start late (a worker boots first, a busy CI machine): wait
        // long enough after the last request for it to be seen, since an unseen probe fails the test
        EXTRACT_SETTLE_QUIET_MS: '1000',
        EXTRACT_SETTLE_MAX_MS: '5000',
        EGRESS_ALLOWLIST: siteOrigin,
        EGRESS_RESOLVE: Object.entries(INTERNAL_NAMES)
          .flatMap(([name, addresses]) => addresses.map((a) => `${name}=${a}`))
          .join(','),
      }),
    );
    nc = await connect({ servers: nats.url });
    bus = new Bus(nc, { timeoutMs: 60_000 });
  }, 60_000);

  afterAll(async () => {
    await nc.close();
    await service.stop();
    await nats.stop();
    await site.stop();
    await trap.stop();
  });

  it('extracts the allowlisted page (the guard lets allowed traffic through)', async () => {
    const page = await bus.request(extractPage, {
      runId: randomUUID(),
      url: `${siteOrigin}/ok`,
      screenshot: false,
    });
    expect(page.outcome.kind).toBe('ok');
    expect(page.title).toBe('ok');
  });

  it('refuses every probe and no connection reaches the listener', async () => {
    const probes = egressProbes({ trapPort: trap.port, site: siteOrigin });
    expect(probes.length).toBeGreaterThanOrEqual(60);
    const let_through: string[] = [];
    for (const [i, probe] of probes.entries()) {
      const url = site.urlOf(probe, i);
      try {
        const page = await bus.request(extractPage, {
          runId: randomUUID(),
          url,
          screenshot: false,
          timeoutMs: 5_000,
        });
        const refused =
          page.network.blockedRequests > 0 ||
          (page.outcome.kind === 'blocked' && page.outcome.reason === 'egress');
        if (!refused) let_through.push(probe.name);
      } catch (err) {
        // refused by policy, or refused because the name does not resolve: never connected either way
        const refused =
          err instanceof RemoteError &&
          (err.code === 'egress_denied' ||
            (err.code === 'upstream_failed' && err.message.includes('did not resolve')));
        if (!refused) let_through.push(`${probe.name}: ${String(err)}`);
      }
    }
    expect(let_through).toEqual([]);
    expect(trap.connections()).toBe(0);
  }, 300_000);
});
