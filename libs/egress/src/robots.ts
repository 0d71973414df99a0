/**
 * robots.txt per RFC 9309, pure: parsing, choosing the group for our product token, and deciding
 * one URL by the longest matching rule. Fetching and caching belong to the adapter (RobotsCache).
 */

/** RFC 9309 §2.5: crawlers must parse at least 500 KiB; what is beyond it is ignored. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsRule {
  readonly allow: boolean;
  /** The rule's path pattern, percent-encoding normalised (see `normalizePath`). */
  readonly pattern: string;
  /** The line as written, for explanations ("Disallow: /private/"). */
  readonly line: string;
}

export interface RobotsGroup {
  /** Product tokens of the group's user-agent lines, lower case; `*` for the catch-all group. */
  readonly agents: readonly string[];
  readonly rules: readonly RobotsRule[];
  readonly crawlDelaySeconds: number | null;
}

export interface RobotsFile {
  readonly groups: readonly RobotsGroup[];
}

/** The rules that apply to one crawler: its own groups merged, else the `*` groups merged. */
export interface RobotsRules {
  readonly rules: readonly RobotsRule[];
  readonly crawlDelaySeconds: number | null;
}

export interface RobotsVerdict {
  readonly allowed: boolean;
  /** The rule that decided, or null when none matched (allowed by default). */
  readonly rule: string | null;
}

const USER_AGENT_KEYS = new Set(['user-agent', 'useragent', 'user agent']);
const DISALLOW_KEYS = new Set(['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']);
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

interface MutableGroup {
  agents: string[];
  rules: RobotsRule[];
  crawlDelaySeconds: number | null;
}

/** The product token a user-agent line names: its leading letters, `_` and `-` (`ForageBot/1.0` → `foragebot`). */
function productToken(value: string): string {
  if (value.startsWith('*')) return '*';
  return (/^[A-Za-z_-]+/.exec(value)?.[0] ?? '').toLowerCase();
}

/**
 * Parses a robots.txt body. A group is one or more user-agent lines followed by rules; a
 * user-agent line after a rule starts the next group. Lines before any user-agent line, unknown
 * keys and malformed lines are ignored (§2.2); an empty allow/disallow value is no rule.
 */
export function parseRobots(body: string): RobotsFile {
  const groups: MutableGroup[] = [];
  let current: MutableGroup | undefined;
  let collectingAgents = false;
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '');
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (USER_AGENT_KEYS.has(key)) {
      if (!current || !collectingAgents) {
        current = { agents: [], rules: [], crawlDelaySeconds: null };
        groups.push(current);
      }
      const token = productToken(value);
      if (token) current.agents.push(token);
      collectingAgents = true;
      continue;
    }
    if (!current) continue;
    if (key === 'allow' || DISALLOW_KEYS.has(key)) {
      collectingAgents = false;
      const allow = key === 'allow';
      if (value === '') continue;
      current.rules.push({
        allow,
        pattern: normalizePattern(value),
        line: `${allow ? 'Allow' : 'Disallow'}: ${value}`.slice(0, 300),
      });
    } else if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (value !== '' && Number.isFinite(seconds) && seconds >= 0) current.crawlDelaySeconds = seconds;
    }
  }
  return { groups };
}

/**
 * The rules for `token` (§2.2.1): every group naming it (case-insensitive) merged; failing that,
 * every `*` group merged; failing that, no rules at all.
 */
export function rulesFor(file: RobotsFile, token: string): RobotsRules {
  const wanted = token.toLowerCase();
  let chosen = file.groups.filter((g) => g.agents.includes(wanted));
  if (chosen.length === 0) chosen = file.groups.filter((g) => g.agents.includes('*'));
  const delays = chosen.map((g) => g.crawlDelaySeconds).filter((d): d is number => d !== null);
  return {
    rules: chosen.flatMap((g) => g.rules),
    crawlDelaySeconds: delays.length > 0 ? Math.max(...delays) : null,
  };
}

/**
 * Decides a URL's path and query (§2.2.2): the matching rule with the most octets wins, an allow
 * rule wins a tie, no match means allowed, and /robots.txt itself is always allowed.
 */
export function decideRobots(rules: RobotsRules, url: URL): RobotsVerdict {
  const target = normalizeRobotsPath(`${url.pathname || '/'}${url.search}`);
  if (url.pathname === '/robots.txt') return { allowed: true, rule: null };
  let best: RobotsRule | undefined;
  for (const rule of rules.rules) {
    if (!robotsPatternMatches(rule.pattern, target)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)
    ) {
      best = rule;
    }
  }
  return best ? { allowed: best.allow, rule: best.line } : { allowed: true, rule: null };
}

/** `*` matches any run of characters; a trailing `$` anchors the pattern at the end (§2.2.3). */
export function robotsPatternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const parts = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  const first = parts[0] ?? '';
  if (!path.startsWith(first)) return false;
  if (parts.length === 1) return !anchored || path.length === first.length;
  let at = first.length;
  const last = parts[parts.length - 1] ?? '';
  for (const part of parts.slice(1, -1)) {
    const found = path.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  if (anchored) return path.length - last.length >= at && path.endsWith(last);
  return path.indexOf(last, at) >= 0;
}

/**
 * One spelling for comparison (§2.2.2): non-ASCII characters percent-encoded as UTF-8, escapes of
 * unreserved characters decoded (`%62` → `b`), other escapes in upper case (`%2f` → `%2F`).
 */
export function normalizeRobotsPath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const ch = path[i] ?? '';
    const hex = ch === '%' ? path.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      const decoded = String.fromCharCode(parseInt(hex, 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
      i += 2;
    } else if (ch.charCodeAt(0) > 0x7e || ch.charCodeAt(0) < 0x21) {
      const codePoint = path.codePointAt(i) ?? 0;
      if (codePoint > 0xffff) i++;
      out += percentEncode(String.fromCodePoint(codePoint));
    } else {
      out += ch;
    }
  }
  return out;
}

/** UTF-8 escapes of one character; a lone surrogate becomes U+FFFD, as a URL parser would make it. */
function percentEncode(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch {
    return '%EF%BF%BD';
  }
}

/** Patterns normalise like paths; `*` and `$` keep their meaning. */
function normalizePattern(value: string): string {
  return normalizeRobotsPath(value.startsWith('/') || value.startsWith('*') ? value : `/${value}`);
}
