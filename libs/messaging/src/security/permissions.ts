import { consumeSubjectOf, producerSubjectOf } from '@forage/contracts';
import { jetStreamSubjects, jetStreamUse } from './jetstream-access.js';
import { ADMIN_IDENTITY, busTopology, type NatsIdentity } from './topology.js';

/** nats-server's per-user permissions block (2.9): subject lists and replies to requests received. */
export interface NatsPermissions {
  readonly publish: { readonly allow: readonly string[]; readonly deny?: readonly string[] };
  readonly subscribe: { readonly allow: readonly string[] };
  /** Lets a responder publish once to the reply subject of a request it received. */
  readonly allow_responses?: boolean;
}

/** Each identity's replies arrive under its own inbox prefix, so no service can read another's replies. */
export function inboxPrefixOf(identity: string): string {
  return `_INBOX.${identity}`;
}

/** The permissions of one identity, derived from the contracts it serves, calls and emits. */
export function permissionsFor(identity: NatsIdentity): NatsPermissions {
  if (identity === ADMIN_IDENTITY) return { publish: { allow: ['>'] }, subscribe: { allow: ['>'] } };
  const role = busTopology[identity];
  // an event with one subject per producer: this identity publishes on its own subject only
  const publish = [
    ...role.calls.map((c) => c.subject),
    ...role.emits.map((c) => producerSubjectOf(c, identity)),
  ];
  const subscribe = role.serves.map((c) => (c.kind === 'event' ? consumeSubjectOf(c) : c.subject));
  const responds = role.serves.some((c) => c.kind === 'command');
  // only the JetStream API calls, acks and bucket writes its own streams, consumers and buckets need
  const js = jetStreamSubjects(jetStreamUse[identity]);
  return {
    publish: {
      allow: unique([...publish, ...js.allow]),
      ...(js.deny.length > 0 ? { deny: unique(js.deny) } : {}),
    },
    subscribe: { allow: unique([...subscribe, `${inboxPrefixOf(identity)}.>`]) },
    ...(responds ? { allow_responses: true } : {}),
  };
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}
