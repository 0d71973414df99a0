import type { CommandReply, queryLogs } from '@forage/contracts';

/** Logging's verdict on its hash chain, as `log.query.v1` returns it. */
export type ChainVerdict = CommandReply<typeof queryLogs>['chain'];

/** A DOM snapshot as read back from the evidence store (decrypted; the store checked its hash). */
export type FetchedEvidence =
  | { readonly status: 'found'; readonly data: Uint8Array }
  | { readonly status: 'missing'; readonly detail: string }
  | { readonly status: 'tampered'; readonly detail: string };
