import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { decideByName, decideEgress, needsResolution, type AllowRule } from './policy.js';
import type { Resolver } from './resolver.js';

/** What a small GET from Node (not the browser) gave. */
export type GuardedFetchResult =
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly body: string;
      readonly truncated: boolean;
      /** Response headers, names lower-cased (a repeated header joined with ", "). */
      readonly headers: Readonly<Record<string, string>>;
      /** The URL that answered, after redirects. */
      readonly url: string;
    }
  | { readonly kind: 'too_many_redirects' }
  | {
      readonly kind: 'failed';
      readonly detail: string;
      /** The host could not be reached at all (DNS, refused, reset, timed out), as opposed to refused by policy. */
      readonly network: boolean;
    };

class EgressRefusedError extends Error {
  override readonly name = 'EgressRefusedError';
}

class FetchTimeoutError extends Error {
  override readonly name = 'FetchTimeoutError';
}

const SOCKET_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host name did not resolve',
  EAI_AGAIN: 'host name did not resolve',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
};

function describeFailure(err: unknown): GuardedFetchResult {
  if (err instanceof EgressRefusedError) return { kind: 'failed', detail: err.message, network: false };
  if (err instanceof FetchTimeoutError) return { kind: 'failed', detail: err.message, network: true };
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const known = code === undefined ? undefined : SOCKET_ERRORS[code];
  if (known) return { kind: 'failed', detail: known, network: true };
  return { kind: 'failed', detail: err instanceof Error ? err.message : String(err), network: false };
}

/** What a caller sends beyond the URL: POST with a body for APIs that want one. */
export interface GuardedRequest {
  readonly method?: 'GET' | 'POST';
  /** Extra request headers (API keys, content type); `user-agent` comes from `userAgent`. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
}

/**
 * GET (or POST) `url` with the egress policy enforced on the address actually connected to: names are
 * resolved by a lookup that refuses any non-public address (unless the URL is allowlisted), IP
 * literals are judged before connecting, and every redirect hop is judged again. Reads at most
 * `maxBytes` of the body; the whole exchange is bounded by `timeoutMs`.
 */
export async function guardedFetch(input: {
  url: string;
  userAgent: string;
  allowlist: readonly AllowRule[];
  denylist: readonly string[];
  /** The same resolver the browser's egress proxy uses (EGRESS_RESOLVE pins included). */
  resolve: Resolver;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  request?: GuardedRequest;
}): Promise<GuardedFetchResult> {
  const deadline = Date.now() + input.timeoutMs;
  let url = new URL(input.url);
  let request: GuardedRequest = input.request ?? {};
  for (let hop = 0; hop <= input.maxRedirects; hop++) {
    const remaining = deadline - Date.now();
    if (remaining <= 0)
      return { kind: 'failed', detail: `timed out after ${input.timeoutMs} ms`, network: true };
    // denylisted names, metadata hosts, schemes and credentials are refused before any lookup
    const byName = decideByName(url, input.denylist);
    if (byName && !byName.allowed)
      return { kind: 'failed', detail: `egress denied: ${byName.detail}`, network: false };
    const byUrl = needsResolution(url, input.allowlist)
      ? null
      : decideEgress({ url, addresses: [], allowlist: input.allowlist, denylist: input.denylist });
    if (byUrl && !byUrl.allowed)
      return { kind: 'failed', detail: `egress denied: ${byUrl.detail}`, network: false };
    let answer: Answer;
    try {
      answer = await get({
        url,
        userAgent: input.userAgent,
        allowlist: input.allowlist,
        denylist: input.denylist,
        resolve: input.resolve,
        maxBytes: input.maxBytes,
        timeoutMs: remaining,
        request,
      });
    } catch (err) {
      return describeFailure(err);
    }
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      try {
        url = new URL(answer.location, url);
      } catch {
        return {
          kind: 'response',
          status: answer.status,
          body: '',
          truncated: false,
          headers: answer.headers,
          url: url.href,
        };
      }
      // 307/308 repeat the request as it was; the other redirects continue with a plain GET
      if (answer.status !== 307 && answer.status !== 308)
        request = { ...request, method: 'GET', body: undefined };
      continue;
    }
    return {
      kind: 'response',
      status: answer.status,
      body: answer.body,
      truncated: answer.truncated,
      headers: answer.headers,
      url: url.href,
    };
  }
  return { kind: 'too_many_redirects' };
}

interface Answer {
  readonly status: number;
  readonly location: string | undefined;
  readonly body: string;
  readonly truncated: boolean;
  readonly headers: Readonly<Record<string, string>>;
}

function get(input: {
  url: URL;
  userAgent: string;
  allowlist: readonly AllowRule[];
  denylist: readonly string[];
  resolve: Resolver;
  timeoutMs: number;
  maxBytes: number;
  request: GuardedRequest;
}): Promise<Answer> {
  const { url } = input;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new EgressRefusedError(`egress denied: scheme ${url.protocol}`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const req = send(
      url,
      {
        method: input.request.method ?? 'GET',
        headers: {
          accept: 'text/plain, */*;q=0.5',
          ...input.request.headers,
          'user-agent': input.userAgent,
          ...(input.request.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(input.request.body)) }),
        },
        // names always go through the policy's resolver (EGRESS_RESOLVE pins apply to allowlisted names too)
        lookup: policyLookup(input),
      },
      (res) => {
        readBody(res, input.maxBytes).then(
          ({ body, truncated }) => {
            resolve({
              status: res.statusCode ?? 0,
              location: res.headers.location,
              body,
              truncated,
              headers: flatHeaders(res),
            });
          },
          (err: unknown) => {
            reject(err instanceof Error ? err : new Error(String(err)));
          },
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new FetchTimeoutError(`timed out after ${input.timeoutMs} ms`));
    }, input.timeoutMs);
    req.on('close', () => {
      clearTimeout(timer);
    });
    req.on('error', reject);
    req.end(input.request.body);
  });
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Reads up to `maxBytes`, then stops the transfer: the rest is not ours to parse. */
async function readBody(
  res: IncomingMessage,
  maxBytes: number,
): Promise<{ body: string; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of res) {
    const buffer = chunk as Buffer;
    const room = maxBytes - size;
    if (buffer.length > room) {
      chunks.push(buffer.subarray(0, room));
      size += room;
      truncated = true;
      res.destroy();
      break;
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { body: Buffer.concat(chunks, size).toString('utf8'), truncated };
}

/**
 * A DNS lookup for one URL, answered by the shared resolver, that hands the socket only addresses
 * the egress policy allows (an allowlisted URL may resolve anywhere).
 */
function policyLookup(input: {
  url: URL;
  allowlist: readonly AllowRule[];
  denylist: readonly string[];
  resolve: Resolver;
}): LookupFunction {
  return (hostname, options, callback) => {
    input.resolve(hostname).then(
      (addresses) => {
        const verdict = decideEgress({ ...input, addresses });
        const first = addresses[0];
        if (!verdict.allowed || first === undefined) {
          const detail = verdict.allowed ? `${hostname} did not resolve` : verdict.detail;
          callback(new EgressRefusedError(`egress denied: ${detail}`), '', 0);
          return;
        }
        const family = isIP(first) === 6 ? 6 : 4;
        if (options.all)
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 })),
          );
        else callback(null, first, family);
      },
      (err: unknown) => {
        const failure = Object.assign(new Error(`${hostname} did not resolve`), {
          code: 'ENOTFOUND',
          cause: err,
        });
        callback(failure, '', 0);
      },
    );
  };
}
