import { renderRobots, renderSitemap } from './discovery.js';
import { errorPage, notFoundPage } from './sites/common.js';
import type { SandboxRequest, SiteContent } from './types.js';

export interface SandboxResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Largest request body the server will read (contact and login forms are far smaller). */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Answers one request for one site without any I/O: static pages, per-origin robots.txt and
 * sitemap.xml, dynamic routes, 301 for a missing trailing slash, 405 and 404.
 */
export function respond(site: SiteContent, request: SandboxRequest): SandboxResponse {
  const path = decodePath(request.url.pathname);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const origin = request.url.origin;
  if (path === '/robots.txt' || path === '/sitemap.xml') {
    if (method !== 'GET') return methodNotAllowed(site, ['GET', 'HEAD']);
    return path === '/robots.txt'
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: renderRobots(origin) }
      : { status: 200, contentType: 'application/xml; charset=utf-8', body: renderSitemap(site, origin) };
  }
  const routes = site.dynamicRoutes.filter((r) => r.path === path);
  const route = routes.find((r) => r.method === method);
  if (route) return fromPage(route.respond(request));
  const page = site.pages.get(path);
  if (page && method === 'GET') return fromPage(page);
  if (page || routes.length > 0) {
    const allowed = [...new Set([...(page ? ['GET'] : []), ...routes.map((r) => r.method)])];
    return methodNotAllowed(site, allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed);
  }
  if (method === 'GET' && site.pages.has(`${path}/`)) {
    return {
      status: 301,
      contentType: 'text/plain; charset=utf-8',
      body: `Moved to ${path}/\n`,
      headers: { location: `${path}/` },
    };
  }
  return fromPage(notFoundPage(site.chrome));
}

/** The 413 page, for a body larger than MAX_BODY_BYTES (the server stops reading it). */
export function payloadTooLarge(site: SiteContent): SandboxResponse {
  return fromPage(
    errorPage(site.chrome, {
      status: 413,
      title: 'Request too large',
      message: `Form submissions are limited to ${MAX_BODY_BYTES} bytes.`,
    }),
  );
}

function methodNotAllowed(site: SiteContent, allowed: readonly string[]): SandboxResponse {
  const page = errorPage(site.chrome, {
    status: 405,
    title: 'Method not allowed',
    message: `This address accepts ${allowed.join(', ')} only.`,
  });
  return { ...fromPage(page), headers: { allow: allowed.join(', ') } };
}

function fromPage(page: { status?: number; contentType: string; body: string }): SandboxResponse {
  return { status: page.status ?? 200, contentType: page.contentType, body: page.body };
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
