import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Bus, ConnectionHealth, NestPinoLogger, RuntimeModule } from '@forage/messaging';
import { createLogger, HandlerMetrics, OpsServer, type Logger } from '@forage/observability';
import { GatewayModule } from './app.module.js';
import { apiKeysRequired, type GatewayConfig } from './config.js';
import { ApiKeyStore } from './adapters/api-key-store.js';
import { RunFeed } from './adapters/run-feed.js';
import { allowedHostsFor } from './core/request-policy.js';
import { RateLimiter } from './core/rate-limiter.js';
import { requestGuard } from './http/request-guard.js';
import { jsonBody } from './http/json-body.js';
import { JsonErrorsFilter } from './http/json-errors.filter.js';

export interface RunningGateway {
  readonly app: NestExpressApplication;
  readonly logger: Logger;
  readonly metrics: HandlerMetrics;
  readonly httpUrl: string;
  readonly opsPort: number;
  stop(): Promise<void>;
}

@Module({})
class GatewayRoot {}

/** Starts the HTTP gateway (API, SSE, web UI) and its ops port. */
export async function startGatewayService(config: GatewayConfig): Promise<RunningGateway> {
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const metrics = new HandlerMetrics('gateway');
  const app = await NestFactory.create<NestExpressApplication>(
    {
      module: GatewayRoot,
      imports: [
        RuntimeModule.forService({
          service: 'gateway',
          natsUrl: config.NATS_URL,
          logger,
          metrics,
          streamReplicas: config.NATS_STREAM_REPLICAS,
        }),
        GatewayModule.register(config),
      ],
    },
    // the guard and the body reader below replace Nest's parsers: JSON only, typed errors, a size limit
    { logger: new NestPinoLogger(logger), bodyParser: false, cors: false },
  );
  app.enableShutdownHooks();
  app.disable('x-powered-by');
  app.use(
    requestGuard({
      policy: {
        allowedHosts: allowedHostsFor(config.GATEWAY_HOST, config.GATEWAY_ALLOWED_HOSTS),
        allowedOrigins: new Set(config.GATEWAY_ALLOWED_ORIGINS),
      },
      requests: new RateLimiter({
        perMinute: config.GATEWAY_REQUESTS_PER_MINUTE,
        burst: config.GATEWAY_REQUESTS_BURST,
      }),
      runs: new RateLimiter({ perMinute: config.GATEWAY_RUNS_PER_MINUTE, burst: config.GATEWAY_RUNS_BURST }),
      trustProxy: config.GATEWAY_TRUST_PROXY,
      metrics,
      ...(apiKeysRequired(config) ? { apiKeys: new ApiKeyStore(config.GATEWAY_API_KEYS_FILE) } : {}),
    }),
  );
  app.use(jsonBody({ limitBytes: config.GATEWAY_BODY_LIMIT_BYTES, metrics }));
  app.useGlobalFilters(new JsonErrorsFilter(logger));
  await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
  const address = app.getHttpServer().address() as AddressInfo;
  const feed = app.get(RunFeed);
  const nats = new ConnectionHealth(app.get(Bus).connection);
  const ops = new OpsServer({
    service: 'gateway',
    host: config.OPS_HOST,
    port: config.OPS_PORT,
    registry: metrics.registry,
    health: async () => {
      const checks = { nats: await nats.check(), runFeed: feed.health() };
      return { ok: Object.values(checks).every((c) => c.ok), checks };
    },
  });
  const opsPort = await ops.start();
  const httpUrl = `http://${config.GATEWAY_HOST}:${address.port}`;
  logger.info({ httpUrl, opsPort }, 'gateway ready');
  return {
    app,
    logger,
    metrics,
    httpUrl,
    opsPort,
    async stop() {
      await ops.stop();
      await app.close();
    },
  };
}
