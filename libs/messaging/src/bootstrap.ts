import 'reflect-metadata';
import { Module, type DynamicModule, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import {
  createLogger,
  HandlerMetrics,
  OpsServer,
  type HealthReport,
  type Logger,
} from '@forage/observability';
import type { ToolName } from '@forage/contracts';
import { ForageTransport } from './transport.js';
import { Bus } from './bus.js';
import { ConnectionHealth, type ConnectionCheck } from './connection-health.js';
import { RuntimeModule } from './module.js';
import { NestPinoLogger } from './nest-logger.js';
import type { NatsClientSecurity } from './security/index.js';
import { ForwardErrorsFilter } from './forward-errors.filter.js';

export type HealthChecks = () => Promise<HealthReport['checks']>;

export interface ServiceOptions {
  readonly service: string;
  readonly module: DynamicModule | Type;
  readonly natsUrl: string;
  readonly ops: { readonly host: string; readonly port: number };
  readonly logLevel?: string;
  readonly queue?: string;
  /** Copies of every stream and bucket in a NATS cluster (NATS_STREAM_REPLICAS; default 1). */
  readonly streamReplicas?: number;
  /** Set for services that record tool outcomes (provides ToolRecorder). */
  readonly tool?: ToolName;
  /** Extra health checks beyond the NATS connection (a browser, a database). */
  readonly health?: (app: INestMicroservice) => HealthChecks;
  /** NATS credentials and TLS; by default from the environment (NATS_USER…, see natsClientEnvSchema). */
  readonly security?: NatsClientSecurity;
}

export interface RunningService {
  readonly app: INestMicroservice;
  readonly logger: Logger;
  readonly metrics: HandlerMetrics;
  readonly opsPort: number;
  stop(): Promise<void>;
}

@Module({})
class ServiceRoot {}

/** Boots one service: Nest microservice on ForageTransport, plus /metrics and /health on its own port. */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const logger = createLogger({ service: options.service, level: options.logLevel ?? 'info' });
  const metrics = new HandlerMetrics(options.service);
  const transport = new ForageTransport({
    servers: options.natsUrl,
    service: options.service,
    metrics,
    logger,
    ...(options.queue ? { queue: options.queue } : {}),
    ...(options.streamReplicas ? { streamReplicas: options.streamReplicas } : {}),
    ...(options.security ? { security: options.security } : {}),
  });
  const root: DynamicModule = {
    module: ServiceRoot,
    imports: [
      RuntimeModule.forService({
        service: options.service,
        natsUrl: options.natsUrl,
        logger,
        metrics,
        ...(options.tool ? { tool: options.tool } : {}),
        ...(options.streamReplicas ? { streamReplicas: options.streamReplicas } : {}),
        ...(options.security ? { security: options.security } : {}),
      }),
      options.module,
    ],
  };
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
    strategy: transport,
    logger: new NestPinoLogger(logger),
  });
  app.useGlobalFilters(new ForwardErrorsFilter());
  await app.listen();
  const extraChecks = options.health?.(app);
  // the transport's connection (handlers) and the Bus's (calls, JetStream) fail separately
  const natsHealth = [
    new ConnectionHealth(transport.unwrap()),
    new ConnectionHealth(app.get(Bus).connection),
  ];
  const ops = new OpsServer({
    service: options.service,
    host: options.ops.host,
    port: options.ops.port,
    registry: metrics.registry,
    health: async () => {
      const checks: HealthReport['checks'] = {
        nats: firstFailing(await Promise.all(natsHealth.map((h) => h.check()))),
      };
      if (extraChecks) Object.assign(checks, await extraChecks());
      return { ok: Object.values(checks).every((c) => c.ok), checks };
    },
  });
  const opsPort = await ops.start();
  logger.info({ opsPort }, 'service ready');
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await ops.stop();
      await app.close();
    })());
  return { app, logger, metrics, opsPort, stop };
}

/** The first failing check, or the first one when all pass. */
export function firstFailing(checks: readonly ConnectionCheck[]): ConnectionCheck {
  return checks.find((c) => !c.ok) ?? checks[0] ?? { ok: false, detail: 'no connection' };
}

/** Stops the service cleanly on SIGINT/SIGTERM, then exits; a second signal exits at once. */
export function stopOnSignals(service: Pick<RunningService, 'logger' | 'stop'>): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signalled) process.exit(1);
    signalled = true;
    service.logger.info({ signal }, 'stopping');
    service.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        service.logger.error({ err }, 'unclean stop');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // a supervised service whose supervisor died is re-parented: stop rather than linger as an orphan
  const parent = process.ppid;
  const watchdog = setInterval(() => {
    if (process.ppid !== parent) onSignal('SIGTERM');
  }, 1_000);
  watchdog.unref();
}
