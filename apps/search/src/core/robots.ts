/** Just enough of robots.txt (RFC 9309) for the local indexer: the `*` group's allow/disallow prefixes. */
export interface RobotsRules {
  readonly disallowAll: boolean;
  readonly disallow: readonly string[];
  readonly allow: readonly string[];
}

export function parseRobots(text: string): RobotsRules {
  const disallow: string[] = [];
  const allow: string[] = [];
  let inStarGroup = false;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    const field = match[1].toLowerCase();
    const value = (match[2] ?? '').trim();
    if (field === 'user-agent') {
      inStarGroup = lastWasAgent ? inStarGroup || value === '*' : value === '*';
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!inStarGroup) continue;
    if (field === 'disallow' && value) disallow.push(value);
    if (field === 'allow' && value) allow.push(value);
  }
  return { disallowAll: false, disallow, allow };
}

/** Longest matching prefix wins; on a tie, allow wins (RFC 9309 §2.2.2). */
export function isAllowedByRobots(rules: RobotsRules | undefined, path: string): boolean {
  if (!rules) return true;
  if (rules.disallowAll) return false;
  const longest = (list: readonly string[]): number =>
    Math.max(-1, ...list.filter((p) => path.startsWith(p)).map((p) => p.length));
  return longest(rules.allow) >= longest(rules.disallow);
}
