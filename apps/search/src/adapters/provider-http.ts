import { guardedFetch, parseAllowlist, type AllowRule, type Resolver } from '@forage/egress';
import type { z } from 'zod';
import {
  ProviderAuthError,
  ProviderRateLimitedError,
  ProviderRefusedError,
  ProviderResponseError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from '../core/providers/provider-errors.js';
import { retryAfterMs } from '../core/providers/retry-after.js';

export const SEARCH_USER_AGENT = 'ForageBot/0.1 (+https://github.com/forage; search)';

export interface ProviderResponse {
  readonly status: number;
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** HTTP for provider adapters: every request passes the egress guard; failures become ProviderErrors. */
export interface ProviderHttp {
  send(input: {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    timeoutMs: number;
  }): Promise<ProviderResponse>;
}

/**
 * The guarded client: the egress policy applies as to any fetch, and the provider base URLs the
 * user configured are allowed by name (a self-hosted SearXNG on the LAN is the usual case).
 */
export function guardedProviderHttp(input: {
  allowlist: readonly AllowRule[];
  denylist: readonly string[];
  resolve: Resolver;
  /** Base URLs of configured providers: their origins are allowed even when internal. */
  providerOrigins: readonly string[];
  maxBytes?: number;
}): ProviderHttp {
  const allowlist = [
    ...input.allowlist,
    ...parseAllowlist(input.providerOrigins.map((u) => new URL(u).origin).join(',')),
  ];
  return {
    async send(request) {
      const result = await guardedFetch({
        url: request.url,
        userAgent: SEARCH_USER_AGENT,
        allowlist,
        denylist: input.denylist,
        resolve: input.resolve,
        timeoutMs: request.timeoutMs,
        maxBytes: input.maxBytes ?? 4 * 1024 * 1024,
        maxRedirects: 3,
        request: {
          method: request.method ?? 'GET',
          headers: { accept: 'application/json', ...request.headers },
          ...(request.body === undefined ? {} : { body: request.body }),
        },
      });
      if (result.kind === 'too_many_redirects') throw new ProviderResponseError('too many redirects');
      if (result.kind === 'failed') {
        if (/timed out/.test(result.detail)) throw new ProviderTimeoutError(result.detail);
        if (result.network) throw new ProviderUnavailableError(result.detail);
        throw new ProviderRefusedError(result.detail);
      }
      return { status: result.status, body: result.body, headers: result.headers };
    },
  };
}

/** `path` under the base URL's own path (`https://h/x/` + `search` → `https://h/x/search`). */
export function endpoint(baseUrl: string, path: string): URL {
  return new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

/**
 * Reads a provider's JSON answer: 401/403 → auth_failed, 429 → rate_limited (Retry-After kept),
 * 5xx → error (retryable), other non-2xx → error; a body that is not JSON or not the documented
 * shape → error (malformed).
 */
export function readProviderJson<S extends z.ZodType>(
  response: ProviderResponse,
  schema: S,
  nowMs: number,
): z.infer<S> {
  const { status } = response;
  const detail = (response.body.slice(0, 200).replace(/\s+/g, ' ').trim() || 'no body').replace(
    /[^\x20-\x7e]/g,
    '',
  );
  if (status === 401 || status === 403)
    throw new ProviderAuthError(`HTTP ${status}: key refused (${detail})`);
  if (status === 429)
    throw new ProviderRateLimitedError(
      `HTTP 429: rate limited`,
      retryAfterMs(response.headers['retry-after'], nowMs),
    );
  if (status >= 500) throw new ProviderUnavailableError(`HTTP ${status}: ${detail}`);
  if (status < 200 || status >= 300) throw new ProviderResponseError(`HTTP ${status}: ${detail}`);
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    throw new ProviderResponseError(`malformed JSON (${detail})`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProviderResponseError(
      `unexpected response format at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}
