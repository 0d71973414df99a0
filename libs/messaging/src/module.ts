import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { HandlerMetrics, type Logger } from '@forage/observability';
import { Bus } from './bus.js';
import { ensureAllStreams } from './jetstream.js';
import { natsServers } from './codec.js';
import { TOOL_NAME, ToolRecorder } from './tool-recorder.js';
import type { ToolName } from '@forage/contracts';
import { natsClientSecurityFromEnv, natsConnectOptions, type NatsClientSecurity } from './security/index.js';

/** Injection token for the service's pino logger. */
export const LOGGER = Symbol('forage.logger');

@Injectable()
class BusShutdown implements OnApplicationShutdown {
  constructor(@Inject(Bus) private readonly bus: Bus) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.bus.connection.isClosed()) await this.bus.connection.drain();
  }
}

@Global()
@Module({})
export class RuntimeModule {
  /** Provides the Bus (its own NATS connection), the logger and the handler metrics to every module. */
  static forService(options: {
    service: string;
    natsUrl: string;
    logger: Logger;
    metrics: HandlerMetrics;
    requestTimeoutMs?: number;
    /** The name this service's log records carry; services that record no outcomes omit it. */
    tool?: ToolName;
    /** Copies of every stream and bucket in a NATS cluster (NATS_STREAM_REPLICAS). */
    streamReplicas?: number;
    /** Credentials and TLS; by default from the environment (NATS_USER…, see natsClientEnvSchema). */
    security?: NatsClientSecurity;
  }): DynamicModule {
    return {
      module: RuntimeModule,
      global: true,
      providers: [
        {
          provide: Bus,
          useFactory: async () => {
            const security = options.security ?? natsClientSecurityFromEnv(options.service);
            const nc = await connect({
              servers: natsServers(options.natsUrl),
              name: `${options.service}-client`,
              ...natsConnectOptions(security),
              maxReconnectAttempts: -1,
              // a silent server (network cut, frozen process) is noticed after ~2 missed pings, not minutes
              pingInterval: 10_000,
              maxPingOut: 2,
            });
            const jetstreamReplicas = options.streamReplicas ?? 1;
            // under an identity the streams are the admin's to create (provisionBus); on a server
            // without authorization (development, tests) the first service to start creates them
            if (!security.user) await ensureAllStreams(nc, jetstreamReplicas);
            return new Bus(nc, { timeoutMs: options.requestTimeoutMs ?? 30_000, jetstreamReplicas });
          },
        },
        ...(options.tool ? [{ provide: TOOL_NAME, useValue: options.tool }, ToolRecorder] : []),
        { provide: LOGGER, useValue: options.logger },
        { provide: HandlerMetrics, useValue: options.metrics },
        BusShutdown,
      ],
      exports: [Bus, LOGGER, HandlerMetrics, ...(options.tool ? [ToolRecorder] : [])],
    };
  }
}
