import { parseRobots, type RobotsFile } from './robots.js';

/** What fetching /robots.txt gave: a body (2xx), a final status, or no answer at all. */
export type RobotsFetch =
  | { readonly kind: 'body'; readonly status: number; readonly body: string; readonly truncated: boolean }
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'too_many_redirects' }
  | { readonly kind: 'unreachable'; readonly detail: string };

/** How a host's robots.txt governs our requests. */
export type RobotsPolicy =
  | { readonly kind: 'rules'; readonly file: RobotsFile }
  | { readonly kind: 'allow_all'; readonly why: string }
  | { readonly kind: 'disallow_all'; readonly why: string };

/**
 * RFC 9309 §2.3.1: a 2xx body is parsed (up to 500 KiB, a cut-off last line dropped); 4xx and
 * redirect loops mean "unavailable", so everything is allowed; 5xx and network failures mean
 * "unreachable", so everything is disallowed until the file can be read.
 */
export function robotsPolicy(fetched: RobotsFetch): RobotsPolicy {
  switch (fetched.kind) {
    case 'body': {
      const body = fetched.truncated ? fetched.body.slice(0, cutOff(fetched.body)) : fetched.body;
      return { kind: 'rules', file: parseRobots(body) };
    }
    case 'too_many_redirects':
      return { kind: 'allow_all', why: 'robots.txt redirected more than 5 times (unavailable)' };
    case 'unreachable':
      return { kind: 'disallow_all', why: `robots.txt unreachable: ${fetched.detail}` };
    case 'status':
      if (fetched.status >= 500)
        return { kind: 'disallow_all', why: `robots.txt answered HTTP ${fetched.status} (unreachable)` };
      if (fetched.status >= 400)
        return { kind: 'allow_all', why: `robots.txt answered HTTP ${fetched.status} (unavailable)` };
      // 1xx or a 3xx without a usable Location: nothing to read
      return { kind: 'allow_all', why: `robots.txt answered HTTP ${fetched.status} without a file` };
  }
}

/** Where a body cut at the size limit ends: after its last complete line. */
function cutOff(body: string): number {
  const lastBreak = Math.max(body.lastIndexOf('\n'), body.lastIndexOf('\r'));
  return lastBreak + 1;
}
