import 'reflect-metadata';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Bus, ConnectionHealth, NestPinoLogger, RuntimeModule } from '@forage/messaging';
import { createLogger, HandlerMetrics, OpsServer, type Logger } from '@forage/observability';
import { GatewayModule } from './app.module.js';
import type { GatewayConfig } from './config.js';
import { RunFeed } from './adapters/run-feed.js';

export interface RunningGateway {
  readonly app: INestApplication;
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
  const app = await NestFactory.create(
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
    { logger: new NestPinoLogger(logger), bodyParser: true },
  );
  app.enableShutdownHooks();
  await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
  const address = (app.getHttpServer() as Server).address() as AddressInfo;
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
