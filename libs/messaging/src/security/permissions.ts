import { ADMIN_IDENTITY, busTopology, type NatsIdentity } from './topology.js';

/** nats-server's per-user permissions block (2.9): subject lists and replies to requests received. */
export interface NatsPermissions {
  readonly publish: { readonly allow: readonly string[] };
  readonly subscribe: { readonly allow: readonly string[] };
  /** Lets a responder publish once to the reply subject of a request it received. */
  readonly allow_responses?: boolean;
}

/**
 * JetStream and its KV and object stores: the JS API (streams, consumers, direct gets), acks of
 * pulled messages, and KV/object puts. Publishing a *contract* subject into a stream still needs
 * that subject in the publish list, so these do not let a service forge a log record or an action.
 */
export const JETSTREAM_PUBLISH = ['$JS.API.>', '$JS.ACK.>', '$JS.FC.>', '$KV.>', '$O.>'] as const;

/** Each identity's replies arrive under its own inbox prefix, so no service can read another's replies. */
export function inboxPrefixOf(identity: string): string {
  return `_INBOX.${identity}`;
}

/** The permissions of one identity, derived from the contracts it serves, calls and emits. */
export function permissionsFor(identity: NatsIdentity): NatsPermissions {
  if (identity === ADMIN_IDENTITY) return { publish: { allow: ['>'] }, subscribe: { allow: ['>'] } };
  const role = busTopology[identity];
  const publish = [...role.calls, ...role.emits].map((c) => c.subject);
  const subscribe = role.serves.map((c) => c.subject);
  const responds = role.serves.some((c) => c.kind === 'command');
  return {
    publish: { allow: unique([...publish, ...JETSTREAM_PUBLISH]) },
    subscribe: { allow: unique([...subscribe, `${inboxPrefixOf(identity)}.>`]) },
    ...(responds ? { allow_responses: true } : {}),
  };
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
