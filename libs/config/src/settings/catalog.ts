import { z } from 'zod';
import { AllowedOriginError, parseAllowedOrigin } from '@forage/egress';
import { defineSetting } from './define.js';

/**
 * Every setting a user can change, declared once. `forage up` reads them from flags, then
 * `FORAGE_*` variables, then forage.config.json in the data directory, and copies each into the
 * service variables it `targets`; `forage config` shows them; the README's table is generated
 * from this list (npm run docs:settings).
 */

const originSchema = z.string().transform((text, ctx) => {
  try {
    return parseAllowedOrigin(text);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof AllowedOriginError ? err.message : String(err) });
    return z.NEVER;
  }
});

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
const providerName = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'expected a provider name such as searxng');
// the verifier's model only adds the entailment check, which can withhold but never release
const LLM_SERVICES = ['processing', 'orchestrator', 'search', 'dom-understanding', 'verifier'] as const;
const forServices = (services: readonly string[], variable: string) =>
  services.map((service) => ({ service, variable }));

export const SETTINGS = {
  allow: defineSetting({
    key: 'allow',
    env: 'FORAGE_ALLOW',
    flag: 'allow',
    type: 'origins',
    schema: z.array(originSchema).max(100).default([]),
    description:
      'Origins (scheme://host[:port]) fetched even on loopback or private addresses; link-local and cloud metadata addresses stay refused',
    targets: [{ service: '*', variable: 'EGRESS_ALLOWLIST' }],
  }),
  dataDir: defineSetting({
    key: 'dataDir',
    env: 'FORAGE_HOME',
    flag: 'data-dir',
    type: 'path',
    schema: z.string().min(1).default('.forage'),
    description: 'Where NATS, logs, the database, the evidence key and forage.config.json live',
    inFile: false,
  }),
  gatewayHost: defineSetting({
    key: 'gatewayHost',
    env: 'FORAGE_HOST',
    flag: 'host',
    type: 'string',
    schema: z.string().min(1).max(253).default('127.0.0.1'),
    description: 'Address the HTTP API and web UI listen on (0.0.0.0 exposes them to the network)',
    targets: [{ service: 'gateway', variable: 'GATEWAY_HOST' }],
  }),
  gatewayPort: defineSetting({
    key: 'gatewayPort',
    env: 'FORAGE_PORT',
    flag: 'port',
    type: 'integer',
    schema: z.number().int().min(1).max(65_535).default(7700),
    description: 'Port of the HTTP API and web UI; `forage ask` uses it to reach the stack',
    targets: [{ service: 'gateway', variable: 'GATEWAY_PORT' }],
  }),
  apiKey: defineSetting({
    key: 'apiKey',
    env: 'FORAGE_API_KEY',
    type: 'string',
    schema: z.string().min(1).max(500).optional(),
    description:
      'API key `forage ask` sends to the gateway (needed when it listens beyond loopback; see `forage keys`)',
    secret: true,
  }),
  logLevel: defineSetting({
    key: 'logLevel',
    env: 'FORAGE_LOG_LEVEL',
    flag: 'log-level',
    type: 'enum',
    schema: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('warn'),
    description: 'Log level of every service (trace, debug, info, warn, error, fatal, silent)',
    targets: [{ service: '*', variable: 'LOG_LEVEL' }],
  }),
  logRetentionDays: defineSetting({
    key: 'logRetentionDays',
    env: 'FORAGE_LOG_RETENTION_DAYS',
    type: 'integer',
    schema: z.number().int().min(1).max(3650).default(7),
    description:
      "Days logged evidence (DOM snapshots, screenshots) is kept; logging's sweeper then deletes it and records a tombstone",
    targets: [{ service: '*', variable: 'EVIDENCE_RETENTION_DAYS' }],
  }),
  databaseUrl: defineSetting({
    key: 'databaseUrl',
    env: 'FORAGE_DATABASE_URL',
    type: 'url',
    schema: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected postgres://user:password@host:port/database')
      .optional(),
    description:
      'PostgreSQL server for the log store; unset keeps the embedded database in the data directory',
    secret: true,
    targets: [{ service: 'logging', variable: 'DATABASE_URL' }],
  }),
  replicas: defineSetting({
    key: 'replicas',
    env: 'FORAGE_REPLICAS',
    flag: 'replicas',
    type: 'string',
    schema: z
      .string()
      .regex(
        /^([a-z-]+=\d+(,[a-z-]+=\d+)*)?$/,
        'expected service=count pairs, e.g. dom-extraction=2,processing=2',
      )
      .default(''),
    description: 'Processes per service, e.g. dom-extraction=2 (one each when unset)',
  }),
  maxPages: defineSetting({
    key: 'maxPages',
    env: 'FORAGE_MAX_PAGES',
    flag: 'max-pages',
    type: 'integer',
    schema: z.number().int().min(1).max(20).default(3),
    description: 'Pages a run reads when the question does not say (per-run limit)',
    targets: [{ service: 'gateway', variable: 'GATEWAY_DEFAULT_MAX_PAGES' }],
  }),
  maxSteps: defineSetting({
    key: 'maxSteps',
    env: 'FORAGE_MAX_STEPS',
    type: 'integer',
    schema: z.number().int().min(1).max(500).default(60),
    description: 'Decisions (searches, page reads, actions) a run may take before it stops (per-run limit)',
    targets: [{ service: 'orchestrator', variable: 'ORCH_MAX_STEPS' }],
  }),
  maxRunSeconds: defineSetting({
    key: 'maxRunSeconds',
    env: 'FORAGE_MAX_RUN_SECONDS',
    type: 'integer',
    schema: z.number().int().min(5).max(3_600).default(240),
    description: 'Wall time after which a run ends with a clear reason (per-run limit)',
    targets: [{ service: 'orchestrator', variable: 'ORCH_RUN_DEADLINE_MS', scale: 1000 }],
  }),
  maxSessions: defineSetting({
    key: 'maxSessions',
    env: 'FORAGE_MAX_SESSIONS',
    type: 'integer',
    schema: z.number().int().min(1).max(1_000).default(16),
    description:
      'Browser sessions agents may have open at once, all API keys together (/v1/sessions, MCP open)',
    targets: [{ service: 'gateway', variable: 'GATEWAY_MAX_SESSIONS' }],
  }),
  sessionsPerKey: defineSetting({
    key: 'sessionsPerKey',
    env: 'FORAGE_SESSIONS_PER_KEY',
    type: 'integer',
    schema: z.number().int().min(1).max(1_000).default(4),
    description: 'Browser sessions one API key may have open at once',
    targets: [{ service: 'gateway', variable: 'GATEWAY_SESSIONS_PER_KEY' }],
  }),
  sessionIdleSeconds: defineSetting({
    key: 'sessionIdleSeconds',
    env: 'FORAGE_SESSION_IDLE_SECONDS',
    type: 'integer',
    schema: z.number().int().min(1).max(600).default(300),
    description:
      "A browser session unused this long is closed (at most action-execution's own 600 s session idle time)",
    targets: [{ service: 'gateway', variable: 'GATEWAY_SESSION_IDLE_MS', scale: 1000 }],
  }),
  crawlMaxPages: defineSetting({
    key: 'crawlMaxPages',
    env: 'FORAGE_CRAWL_MAX_PAGES',
    type: 'integer',
    schema: z.number().int().min(1).max(100_000).default(1_000),
    description: 'Pages one crawl started over HTTP (/v1/crawls) visits at most (per-crawl limit)',
    targets: [{ service: 'gateway', variable: 'GATEWAY_CRAWL_MAX_PAGES' }],
  }),
  crawlsPerKey: defineSetting({
    key: 'crawlsPerKey',
    env: 'FORAGE_CRAWLS_PER_KEY',
    type: 'integer',
    schema: z.number().int().min(1).max(1_000).default(2),
    description: 'Crawls (/v1/crawls) one API key may have running at once',
    targets: [{ service: 'gateway', variable: 'GATEWAY_CRAWLS_PER_KEY' }],
  }),
  maxCostUsd: defineSetting({
    key: 'maxCostUsd',
    env: 'FORAGE_MAX_COST_USD',
    type: 'number',
    schema: z.number().min(0).max(1_000).optional(),
    description:
      'Spend on paid APIs (LLM, search providers) a run may reach; past it the run stops and says why (per-run limit; passed as ORCH_MAX_COST_USD)',
    targets: [{ service: 'orchestrator', variable: 'ORCH_MAX_COST_USD' }],
  }),
  domainConcurrency: defineSetting({
    key: 'domainConcurrency',
    env: 'FORAGE_DOMAIN_CONCURRENCY',
    type: 'integer',
    schema: z.number().int().min(1).max(64).default(2),
    description: 'Pages loaded at once from one domain (politeness)',
    targets: [
      { service: 'dom-extraction', variable: 'DOMAIN_MAX_CONCURRENCY' },
      { service: 'action-execution', variable: 'DOMAIN_MAX_CONCURRENCY' },
    ],
  }),
  domainDelayMs: defineSetting({
    key: 'domainDelayMs',
    env: 'FORAGE_DOMAIN_DELAY_MS',
    type: 'integer',
    schema: z.number().int().min(0).max(600_000).default(500),
    description:
      "Least time between two page loads from one domain, in ms (a site's robots.txt Crawl-delay can raise it)",
    targets: [
      { service: 'dom-extraction', variable: 'DOMAIN_MIN_DELAY_MS' },
      { service: 'action-execution', variable: 'DOMAIN_MIN_DELAY_MS' },
    ],
  }),
  searchProviders: defineSetting({
    key: 'searchProviders',
    env: 'FORAGE_SEARCH_PROVIDERS',
    type: 'list',
    schema: z.array(providerName).max(10).optional(),
    description:
      "Search providers in order of use (e.g. searxng,brave); unset uses the search service's default, the local index",
    targets: [{ service: 'search', variable: 'SEARCH_PROVIDERS' }],
  }),
  sandbox: defineSetting({
    key: 'sandbox',
    env: 'FORAGE_SANDBOX',
    flag: 'sandbox',
    type: 'enum',
    schema: z.enum(['auto', 'always', 'never']).optional(),
    description:
      'Search the embedded sandbox web (a demo corpus): auto only while no other source is live (no indexed pages, no web provider), always, or never',
    targets: [{ service: 'search', variable: 'SEARCH_SANDBOX' }],
  }),
  searxngUrl: defineSetting({
    key: 'searxngUrl',
    env: 'FORAGE_SEARXNG_URL',
    type: 'url',
    schema: httpUrl.optional(),
    description: 'Base URL of a SearXNG instance (its JSON API)',
    targets: [{ service: 'search', variable: 'SEARXNG_URL' }],
  }),
  braveApiKey: defineSetting({
    key: 'braveApiKey',
    env: 'FORAGE_BRAVE_API_KEY',
    type: 'string',
    schema: z.string().min(1).optional(),
    description: 'API key of the Brave Search API',
    secret: true,
    targets: [{ service: 'search', variable: 'BRAVE_API_KEY' }],
  }),
  serperApiKey: defineSetting({
    key: 'serperApiKey',
    env: 'FORAGE_SERPER_API_KEY',
    type: 'string',
    schema: z.string().min(1).optional(),
    description: 'API key of Serper (Google results)',
    secret: true,
    targets: [{ service: 'search', variable: 'SERPER_API_KEY' }],
  }),
  tavilyApiKey: defineSetting({
    key: 'tavilyApiKey',
    env: 'FORAGE_TAVILY_API_KEY',
    type: 'string',
    schema: z.string().min(1).optional(),
    description: 'API key of Tavily',
    secret: true,
    targets: [{ service: 'search', variable: 'TAVILY_API_KEY' }],
  }),
  wikipediaUrl: defineSetting({
    key: 'wikipediaUrl',
    env: 'FORAGE_WIKIPEDIA_URL',
    type: 'url',
    schema: httpUrl.optional(),
    description:
      'MediaWiki API endpoint searched by the wikipedia provider (e.g. https://en.wikipedia.org/w/api.php)',
    targets: [{ service: 'search', variable: 'WIKIPEDIA_API_URL' }],
  }),
  llmBaseUrl: defineSetting({
    key: 'llmBaseUrl',
    env: 'FORAGE_LLM_BASE_URL',
    type: 'url',
    schema: httpUrl.optional(),
    description:
      'OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp); unset uses the heuristics only',
    targets: forServices(LLM_SERVICES, 'LLM_BASE_URL'),
  }),
  llmApiKey: defineSetting({
    key: 'llmApiKey',
    env: 'FORAGE_LLM_API_KEY',
    type: 'string',
    schema: z.string().min(1).optional(),
    description: 'API key sent to the LLM endpoint',
    secret: true,
    targets: forServices(LLM_SERVICES, 'LLM_API_KEY'),
  }),
  llmModel: defineSetting({
    key: 'llmModel',
    env: 'FORAGE_LLM_MODEL',
    type: 'string',
    schema: z.string().min(1).max(200).optional(),
    description: 'Model name at the LLM endpoint (required with llmBaseUrl)',
    targets: forServices(LLM_SERVICES, 'LLM_MODEL'),
  }),
  llmPriceInputPerMTok: defineSetting({
    key: 'llmPriceInputPerMTok',
    env: 'FORAGE_LLM_PRICE_INPUT_PER_MTOK',
    type: 'number',
    schema: z.coerce.number().min(0).max(10_000).default(0),
    description: 'US dollars per million prompt tokens, for the cost in run reports (0 = not priced)',
    targets: forServices(LLM_SERVICES, 'LLM_PRICE_INPUT_PER_MTOK'),
  }),
  llmPriceOutputPerMTok: defineSetting({
    key: 'llmPriceOutputPerMTok',
    env: 'FORAGE_LLM_PRICE_OUTPUT_PER_MTOK',
    type: 'number',
    schema: z.coerce.number().min(0).max(10_000).default(0),
    description: 'US dollars per million completion tokens, for the cost in run reports (0 = not priced)',
    targets: forServices(LLM_SERVICES, 'LLM_PRICE_OUTPUT_PER_MTOK'),
  }),
  processes: defineSetting({
    key: 'processes',
    env: 'FORAGE_PROCESSES',
    flag: 'processes',
    type: 'enum',
    schema: z.enum(['per-service', 'one']).default('one'),
    description:
      'one: every service in one Node process over the same NATS subjects (the one-machine default, about 500 MB idle); per-service: each service its own process, restarted alone (as teams deploy them)',
    inFile: true,
  }),
  startTimeoutSeconds: defineSetting({
    key: 'startTimeoutSeconds',
    env: 'FORAGE_START_TIMEOUT_SECONDS',
    flag: 'start-timeout',
    type: 'integer',
    schema: z.coerce.number().int().min(10).max(3_600).default(90),
    description:
      'How long forage up waits for every service to report healthy (raise it on a slow or busy machine)',
  }),
  natsTlsCert: defineSetting({
    key: 'natsTlsCert',
    env: 'FORAGE_NATS_TLS_CERT',
    flag: 'nats-tls-cert',
    type: 'path',
    schema: z.string().min(1).optional(),
    description:
      'PEM certificate nats-server presents (with natsTlsKey); every client then connects over TLS',
  }),
  natsTlsKey: defineSetting({
    key: 'natsTlsKey',
    env: 'FORAGE_NATS_TLS_KEY',
    flag: 'nats-tls-key',
    type: 'path',
    schema: z.string().min(1).optional(),
    description: 'PEM private key of natsTlsCert',
  }),
  natsTlsCa: defineSetting({
    key: 'natsTlsCa',
    env: 'FORAGE_NATS_TLS_CA',
    flag: 'nats-tls-ca',
    type: 'path',
    schema: z.string().min(1).optional(),
    description: 'PEM CA that signed natsTlsCert, given to every service and the CLI to verify nats-server',
  }),
};

export type SettingKey = keyof typeof SETTINGS;
/** The effective value of every setting, typed by its schema. */
export type ForageSettings = { -readonly [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
