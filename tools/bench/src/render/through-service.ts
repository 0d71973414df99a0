import { randomBytes, randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { extractPage, type PageSnapshot } from '@forage/contracts';
import { Bus, type RunningService } from '@forage/messaging';
import { BrowserPool, loadDomExtractionConfig, startDomExtractionService } from '@forage/app-dom-extraction';
import { runConcurrently, type PassResult } from './concurrently.js';
import { sampleMemory, type MemorySampler } from './memory.js';

/** The dom-extraction service in this process, talking over a real nats-server, with a Bus client. */
export interface ServiceUnderTest {
  readonly pool: BrowserPool;
  /** One extraction, as the orchestrator would ask for it. */
  extract(url: string, options: { screenshot: boolean }): Promise<PageSnapshot>;
  pass(urls: readonly string[], concurrency: number): Promise<PassResult>;
  memory(): MemorySampler;
  stop(): Promise<void>;
}

/**
 * Starts the service with EXTRACT_MAX_PAGES = `maxPages`. Politeness limits are raised (every
 * bench page is on one local host: per-host limits would measure the limiter, not rendering);
 * robots.txt is still fetched and checked, egress still guarded, evidence still stored and logged.
 */
export async function startServiceUnderTest(input: {
  natsUrl: string;
  siteOrigin: string;
  maxPages: number;
  /** Further service variables (the soak shortens EXTRACT_PAGE_IDLE_MS). */
  env?: Record<string, string>;
}): Promise<ServiceUnderTest> {
  const service: RunningService = await startDomExtractionService(
    loadDomExtractionConfig({
      NATS_URL: input.natsUrl,
      OPS_PORT: '0',
      LOG_LEVEL: process.env['BENCH_LOG_LEVEL'] ?? 'silent',
      FORAGE_EVIDENCE_KEY: randomBytes(32).toString('hex'),
      EXTRACT_MAX_PAGES: String(input.maxPages),
      EGRESS_ALLOWLIST: input.siteOrigin,
      DOMAIN_MAX_CONCURRENCY: '64',
      DOMAIN_MIN_DELAY_MS: '0',
      ...input.env,
    }),
  );
  const nc: NatsConnection = await connect({ servers: input.natsUrl, name: 'bench-render-client' });
  const bus = new Bus(nc, { timeoutMs: 120_000 });
  const pool = service.app.get(BrowserPool);
  const runId = randomUUID();
  return {
    pool,
    extract: (url, options) =>
      bus.request(extractPage, { runId, url, screenshot: options.screenshot, timeoutMs: 30_000 }),
    pass: (urls, concurrency) =>
      runConcurrently(urls, concurrency, async (url) => {
        const snapshot = await bus.request(extractPage, { runId, url, screenshot: true, timeoutMs: 60_000 });
        if (snapshot.evidence.screenshot === null) throw new Error(`no screenshot for ${url}`);
      }),
    memory: () =>
      sampleMemory({
        browserPids: () => pool.browserPids(),
        openPages: () => pool.openPageCount(),
      }),
    stop: async () => {
      await nc.close();
      await service.stop();
    },
  };
}
