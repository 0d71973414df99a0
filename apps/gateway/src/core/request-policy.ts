/**
 * Which HTTP requests the gateway serves at all, before any route runs: the Host must be one of
 * this gateway's names (DNS rebinding), a state-changing request must not come from another site
 * (CSRF: Origin, Sec-Fetch-Site), a body must be JSON, and a known path answers 405 to a method it
 * does not serve. Pure: the middleware feeds it the request's headers.
 */

export interface Rejection {
  readonly status: number;
  readonly code: 'invalid_request' | 'blocked' | 'not_found';
  /** Short machine label for metrics (`forage_http_rejected_total{reason}`). */
  readonly reason: string;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface RequestPolicy {
  /** Host names (no port) the gateway answers to. */
  readonly allowedHosts: ReadonlySet<string>;
  /** Other origins allowed to send state-changing requests (scheme://host[:port]). */
  readonly allowedOrigins: ReadonlySet<string>;
}

export interface RequestFacts {
  readonly method: string;
  readonly path: string;
  readonly host: string | undefined;
  readonly origin: string | undefined;
  readonly secFetchSite: string | undefined;
  readonly contentType: string | undefined;
  readonly hasBody: boolean;
}

/** The gateway's routes and the methods each serves (HEAD goes with GET). */
export const ROUTES: readonly { readonly pattern: RegExp; readonly methods: readonly string[] }[] = [
  { pattern: /^\/$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/v1\/runs\/?$/, methods: ['GET', 'HEAD', 'POST'] },
  { pattern: /^\/v1\/runs\/[^/]+\/?$/, methods: ['GET', 'HEAD', 'DELETE'] },
  { pattern: /^\/v1\/runs\/[^/]+\/events\/?$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/v1\/runs\/[^/]+\/input\/?$/, methods: ['POST'] },
  { pattern: /^\/v1\/runs\/[^/]+\/log\/?$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/v1\/evidence\/[^/]+\/?$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/v1\/openapi\.json$/, methods: ['GET', 'HEAD'] },
  { pattern: /^\/v1\/search\/?$/, methods: ['POST'] },
  { pattern: /^\/v1\/extract\/?$/, methods: ['POST'] },
  // stateless streamable HTTP: a client POSTs JSON-RPC; GET (server-initiated stream) is not offered
  { pattern: /^\/mcp\/?$/, methods: ['POST'] },
  { pattern: /^\/ui\/[^/]+$/, methods: ['GET', 'HEAD'] },
];

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]', '::1'];

/** The names a gateway listening on `listenHost` answers to, plus any configured extra names. */
export function allowedHostsFor(listenHost: string, extra: readonly string[]): Set<string> {
  const names = new Set([...LOOPBACK_NAMES, ...extra.map((h) => h.trim().toLowerCase()).filter(Boolean)]);
  if (!['0.0.0.0', '::', ''].includes(listenHost)) names.add(listenHost.toLowerCase());
  return names;
}

export function judgeRequest(facts: RequestFacts, policy: RequestPolicy): Rejection | undefined {
  const hostname = hostnameOf(facts.host);
  if (!hostname || !policy.allowedHosts.has(hostname)) {
    return {
      status: 403,
      code: 'blocked',
      reason: 'host',
      message: `this gateway does not answer to host ${facts.host ?? '(none)'} (set GATEWAY_ALLOWED_HOSTS)`,
    };
  }
  const method = facts.method.toUpperCase();
  const route = ROUTES.find((r) => r.pattern.test(facts.path));
  if (route && !route.methods.includes(method)) {
    return {
      status: 405,
      code: 'invalid_request',
      reason: 'method',
      message: `${method} is not allowed on ${facts.path}`,
      headers: { allow: route.methods.join(', ') },
    };
  }
  if (method === 'GET' || method === 'HEAD') return undefined;
  if (isCrossSite(facts, policy)) {
    return {
      status: 403,
      code: 'blocked',
      reason: 'cross_site',
      message: `cross-site requests are refused (origin ${facts.origin ?? facts.secFetchSite ?? 'unknown'})`,
    };
  }
  if (facts.hasBody && !isJson(facts.contentType)) {
    return {
      status: 415,
      code: 'invalid_request',
      reason: 'content_type',
      message: `the body must be application/json, not ${facts.contentType ?? 'unspecified'}`,
    };
  }
  return undefined;
}

function isCrossSite(facts: RequestFacts, policy: RequestPolicy): boolean {
  if (facts.origin !== undefined) {
    if (policy.allowedOrigins.has(facts.origin)) return false;
    // "null" (sandboxed frames, file:) and any origin whose host is not this gateway's
    const originHost = safeUrl(facts.origin)?.host.toLowerCase();
    return originHost === undefined || originHost !== facts.host?.toLowerCase();
  }
  return facts.secFetchSite === 'cross-site' || facts.secFetchSite === 'same-site';
}

function isJson(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json' || (type?.startsWith('application/') === true && type.endsWith('+json'));
}

/** "example.com:7700" → "example.com"; "[::1]:7700" → "[::1]". */
export function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end > 0 ? value.slice(0, end + 1) : undefined;
  }
  return value.split(':')[0] || undefined;
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
