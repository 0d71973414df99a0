import { randomBytes } from 'node:crypto';
import { startSandbox, type RunningSandbox } from '@forage/sandbox';
import { startTestNats, tempDir } from '@forage/testing';
import type { RunningNatsServer } from '@forage/messaging';
import { loadSearchConfig } from '../../apps/search/src/config.js';
import { startSearchService } from '../../apps/search/src/service.js';
import { loadDomExtractionConfig } from '../../apps/dom-extraction/src/config.js';
import { startDomExtractionService } from '../../apps/dom-extraction/src/service.js';
import { loadDomUnderstandingConfig } from '../../apps/dom-understanding/src/config.js';
import { startDomUnderstandingService } from '../../apps/dom-understanding/src/service.js';
import { loadProcessingConfig } from '../../apps/processing/src/config.js';
import { startProcessingService } from '../../apps/processing/src/service.js';
import { loadLoggingConfig } from '../../apps/logging/src/config.js';
import { startLoggingService } from '../../apps/logging/src/service.js';
import { loadVerifierConfig } from '../../apps/verifier/src/config.js';
import { startVerifierService } from '../../apps/verifier/src/service.js';
import { loadActionExecutionConfig } from '../../apps/action-execution/src/config.js';
import { startActionExecutionService } from '../../apps/action-execution/src/service.js';
import { loadOrchestratorConfig } from '../../apps/orchestrator/src/config.js';
import { startOrchestratorService } from '../../apps/orchestrator/src/service.js';
import { loadGatewayConfig } from '../../apps/gateway/src/config.js';
import { startGatewayService } from '../../apps/gateway/src/service.js';

export interface StartedService {
  readonly name: string;
  readonly opsPort: number;
  stop(): Promise<void>;
}

export interface InProcessStack {
  readonly nats: RunningNatsServer;
  readonly sandbox: RunningSandbox;
  readonly services: readonly StartedService[];
  readonly gatewayUrl: string;
  readonly evidenceKey: string;
  /** The environment every service here was configured from (for a service a test starts itself). */
  readonly env: Readonly<NodeJS.ProcessEnv>;
  stop(): Promise<void>;
}

/**
 * Every Forage service as a real Nest app in this process, talking through a real nats-server,
 * with real Chromium and PGlite, over the sandbox web. Services only meet through NATS.
 */
export async function startInProcessStack(
  options: {
    /** Origins besides the sandbox's the browser may reach (a test's own site on loopback). */
    allowOrigins?: readonly string[];
    /** false: no orchestrator here (a test runs it as its own process, from `orchestratorEnv`). */
    orchestrator?: boolean;
    /** The sandbox world to serve (SANDBOX_SEED); the default world when absent. */
    sandboxSeed?: number;
    /** Settings for the orchestrator alone (an LLM endpoint for its model-backed steps). */
    orchestratorEnv?: Readonly<Record<string, string>>;
  } = {},
): Promise<InProcessStack> {
  const nats = await startTestNats();
  const sandbox = await startSandbox(options.sandboxSeed === undefined ? {} : { seed: options.sandboxSeed });
  const data = tempDir('forage-stack-');
  const evidenceKey = randomBytes(32).toString('hex');
  const origins = sandbox.sites.map((s) => s.origin);
  const env: NodeJS.ProcessEnv = {
    NATS_URL: nats.url,
    OPS_PORT: '0',
    LOG_LEVEL: process.env['FORAGE_TEST_LOG_LEVEL'] ?? 'silent',
    FORAGE_EVIDENCE_KEY: evidenceKey,
    SEARCH_SITEMAPS: origins.map((o) => `${o}/sitemap.xml`).join(','),
    EGRESS_ALLOWLIST: [...origins, ...(options.allowOrigins ?? [])].join(','),
    LOGGING_DATA_DIR: `${data.path}/logging`,
    GATEWAY_PORT: '0',
  };
  const services: StartedService[] = [];
  const add = async (
    name: string,
    start: () => Promise<{ opsPort: number; stop(): Promise<void> }>,
  ): Promise<void> => {
    const running = await start();
    services.push({ name, opsPort: running.opsPort, stop: () => running.stop() });
  };
  try {
    await add('logging', () => startLoggingService(loadLoggingConfig(env)));
    await add('search', () => startSearchService(loadSearchConfig(env)));
    await add('dom-extraction', () => startDomExtractionService(loadDomExtractionConfig(env)));
    await add('dom-understanding', () => startDomUnderstandingService(loadDomUnderstandingConfig(env)));
    await add('processing', () => startProcessingService(loadProcessingConfig(env)));
    await add('action-execution', () => startActionExecutionService(loadActionExecutionConfig(env)));
    await add('verifier', () => startVerifierService(loadVerifierConfig(env)));
    if (options.orchestrator !== false)
      await add('orchestrator', () =>
        startOrchestratorService(loadOrchestratorConfig({ ...env, ...options.orchestratorEnv })),
      );
    const gateway = await startGatewayService(loadGatewayConfig(env));
    services.push({ name: 'gateway', opsPort: gateway.opsPort, stop: () => gateway.stop() });
    const stop = async (): Promise<void> => {
      for (const s of [...services].reverse()) await s.stop();
      await sandbox.stop();
      await nats.stop();
      data.remove();
    };
    return { nats, sandbox, services, gatewayUrl: gateway.httpUrl, evidenceKey, env, stop };
  } catch (err) {
    for (const s of [...services].reverse()) await s.stop().catch(() => undefined);
    await sandbox.stop();
    await nats.stop();
    data.remove();
    throw err;
  }
}

/** Waits until `/health` of every service answers 200. */
export async function waitAllHealthy(services: readonly StartedService[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const s of services) {
    for (;;) {
      const res = await fetch(`http://127.0.0.1:${s.opsPort}/health`).catch(() => undefined);
      if (res?.ok) break;
      if (Date.now() > deadline)
        throw new Error(`${s.name} not healthy: ${res ? await res.text() : 'unreachable'}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
