import { NATS_IDENTITIES, type NatsIdentity } from './topology.js';
import { permissionsFor } from './permissions.js';

/** How a user's password appears in the config: the value itself, or a variable nats-server reads from its environment. */
export type PasswordSource = { readonly value: string } | { readonly env: string };

export interface NatsServerTls {
  readonly certFile: string;
  readonly keyFile: string;
  /** Set to also require client certificates signed by this CA. */
  readonly caFile?: string;
  readonly verifyClients?: boolean;
}

const AUTH_TIMEOUT_S = 10;

/** The environment variable holding an identity's password in compose and Kubernetes. */
export function passwordVariableOf(identity: NatsIdentity): string {
  return `FORAGE_NATS_PASSWORD_${identity.toUpperCase().replace(/-/g, '_')}`;
}

/**
 * nats-server configuration text: one user per identity with its permissions, and TLS when
 * given. Every client must authenticate; nothing is allowed to an anonymous connection.
 */
export function renderNatsAuthorization(input: {
  passwords: (identity: NatsIdentity) => PasswordSource;
  tls?: NatsServerTls;
}): string {
  const users = NATS_IDENTITIES.map((identity) => {
    const password = input.passwords(identity);
    const pass = 'value' in password ? JSON.stringify(password.value) : `$${password.env}`;
    return `    { user: ${JSON.stringify(identity)}, password: ${pass}, permissions: ${JSON.stringify(permissionsFor(identity))} }`;
  });
  // seconds a client has to authenticate after connecting (default 2): a busy or starting process
  // (PGlite opening in the same event loop, a loaded machine) must not be cut off
  const lines = [
    'authorization {',
    `  timeout: ${String(AUTH_TIMEOUT_S)}`,
    '  users = [',
    users.join(',\n'),
    '  ]',
    '}',
  ];
  if (input.tls) lines.push(...renderTls(input.tls));
  return `${lines.join('\n')}\n`;
}

function renderTls(tls: NatsServerTls): string[] {
  return [
    'tls {',
    `  cert_file: ${JSON.stringify(tls.certFile)}`,
    `  key_file: ${JSON.stringify(tls.keyFile)}`,
    ...(tls.caFile ? [`  ca_file: ${JSON.stringify(tls.caFile)}`] : []),
    ...(tls.verifyClients ? ['  verify: true'] : []),
    '  timeout: 2',
    '}',
  ];
}

/**
 * deploy/nats/auth.conf: every identity's permissions, each password read by nats-server from
 * the environment variable passwordVariableOf(identity) (compose .env, a Kubernetes Secret).
 */
export function renderDeployAuthorization(): string {
  const header = [
    '# Generated from the bus topology (libs/messaging/src/security): npm run nats:auth-config.',
    '# Each password comes from the environment of nats-server (FORAGE_NATS_PASSWORD_<IDENTITY>).',
    '',
  ];
  return `${header.join('\n')}${renderNatsAuthorization({ passwords: (identity) => ({ env: passwordVariableOf(identity) }) })}`;
}

/** `text` with the `auth.conf: |` key of a Kubernetes ConfigMap (up to the next `---`) holding `conf`, indented. */
export function withConfigMapAuth(text: string, conf: string): string {
  const start = text.indexOf('  auth.conf: |\n');
  if (start < 0) throw new Error('no "  auth.conf: |" key in the ConfigMap');
  const bodyStart = start + '  auth.conf: |\n'.length;
  const end = text.indexOf('\n---', bodyStart);
  const body = conf
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : ''))
    .join('\n');
  return `${text.slice(0, bodyStart)}${body}${end < 0 ? '\n' : text.slice(end)}`;
}
