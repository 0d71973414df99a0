import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import {
  launchNatsServer,
  natsConnectOptions,
  prepareNatsAuth,
  provisionBus,
  type NatsClientSecurity,
  type NatsIdentity,
  type NatsServerTls,
  type RunningNatsServer,
} from '@forage/messaging';

export interface TestNats extends RunningNatsServer {
  /** With `auth`: the directory of `<identity>.password` files (NATS_CREDENTIALS_DIR). */
  readonly credentialsDir?: string;
  /** With `auth`: how `identity` connects (no credentials otherwise). */
  security(identity: NatsIdentity): NatsClientSecurity;
}

/**
 * A real nats-server with JetStream in a fresh temporary directory, for one test suite. With
 * `auth`, every identity of the bus topology gets a password and its subject permissions,
 * anonymous clients are refused, and the admin provisions every stream, consumer and bucket;
 * `tls` adds the server certificate.
 */
export async function startTestNats(
  options: { auth?: boolean; tls?: NatsServerTls } = {},
): Promise<TestNats> {
  const dir = mkdtempSync(join(tmpdir(), 'forage-nats-'));
  const auth = options.auth
    ? prepareNatsAuth({ dir: join(dir, 'auth'), ...(options.tls ? { tls: options.tls } : {}) })
    : undefined;
  const server = await launchNatsServer({
    storeDir: dir,
    ...(auth ? { configFile: auth.configFile } : {}),
  });
  if (auth) {
    // as `forage up` does: services under their identities only bind to what the admin provisioned
    const admin = await connect({
      servers: server.url,
      ...natsConnectOptions({
        user: 'admin',
        pass: auth.passwordOf('admin'),
        ...(options.tls?.caFile ? { tls: { caFile: options.tls.caFile } } : {}),
      }),
    });
    await provisionBus(admin);
    await admin.drain();
  }
  return {
    ...server,
    ...(auth ? { credentialsDir: auth.credentialsDir } : {}),
    security(identity) {
      if (!auth) return {};
      return {
        user: identity,
        pass: auth.passwordOf(identity),
        ...(options.tls?.caFile ? { tls: { caFile: options.tls.caFile } } : {}),
      };
    },
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
