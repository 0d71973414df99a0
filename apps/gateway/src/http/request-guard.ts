import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HandlerMetrics } from '@forage/observability';
import { judgeRequest, type RequestPolicy } from '../core/request-policy.js';
import type { RateLimiter } from '../core/rate-limiter.js';
import type { ApiKeyStore } from '../adapters/api-key-store.js';
import { sendError } from './error-response.js';
import { setCaller } from './caller.js';

export interface GuardOptions {
  readonly policy: RequestPolicy;
  /** Every request, per client. */
  readonly requests: RateLimiter;
  /** Starting runs (the expensive request), per client. */
  readonly runs: RateLimiter;
  /** Take the client from the last X-Forwarded-For entry (behind one trusted proxy). */
  readonly trustProxy: boolean;
  readonly metrics: HandlerMetrics;
  /** Set when /v1/* needs an API key (Authorization: Bearer, or X-Api-Key). */
  readonly apiKeys?: ApiKeyStore;
  readonly now?: () => number;
}

/** First middleware of the gateway: host, cross-site, method and content-type checks, then rate limits. */
export function requestGuard(options: GuardOptions) {
  const now = options.now ?? Date.now;
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const rejection = judgeRequest(
      {
        method,
        path,
        host: req.headers.host,
        origin: header(req, 'origin'),
        secFetchSite: header(req, 'sec-fetch-site'),
        contentType: req.headers['content-type'],
        hasBody: hasBody(req),
      },
      options.policy,
    );
    if (rejection) {
      options.metrics.httpRejected({ status: rejection.status, reason: rejection.reason });
      sendError(res, rejection);
      req.resume();
      return;
    }
    let client = clientOf(req, options.trustProxy);
    if (options.apiKeys && path.startsWith('/v1/')) {
      const token = tokenOf(req);
      const key = token ? options.apiKeys.verify(token) : undefined;
      if (!key) {
        options.metrics.httpRejected({ status: 401, reason: token ? 'bad_api_key' : 'no_api_key' });
        sendError(res, {
          status: 401,
          code: 'blocked',
          message: token
            ? 'the API key is unknown or revoked'
            : 'an API key is required: Authorization: Bearer <key> (create one with `forage keys create`)',
          headers: { 'www-authenticate': 'Bearer realm="forage"' },
        });
        req.resume();
        return;
      }
      // limits follow the key, wherever its requests come from
      client = `key:${key.id}`;
      setCaller(req, { keyId: key.id });
    }
    const startsRun = method === 'POST' && /^\/v1\/(runs|crawls)\/?$/.test(path);
    for (const [limiter, reason] of [
      [options.requests, 'rate_limited'],
      ...(startsRun ? ([[options.runs, 'run_rate_limited']] as const) : []),
    ] as const) {
      const taken = limiter.take(client, now());
      if (!taken.ok) {
        options.metrics.httpRejected({ status: 429, reason });
        sendError(res, {
          status: 429,
          code: 'unavailable',
          message: `too many requests from ${client}; retry in ${taken.retryAfterSeconds} s`,
          headers: { 'retry-after': String(taken.retryAfterSeconds) },
        });
        req.resume();
        return;
      }
    }
    next();
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function tokenOf(req: IncomingMessage): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(header(req, 'authorization') ?? '')?.[1];
  return bearer ?? header(req, 'x-api-key');
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function clientOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = header(req, 'x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? 'unknown';
}
