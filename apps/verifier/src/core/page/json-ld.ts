/**
 * The statements of a JSON-LD block as dom-understanding cites them: `"key": <JSON value>` for
 * every property at every depth (keys also in their local form, `schema:price` → `price`). A
 * block that is not JSON, even after the light repairs pages need, has no statements.
 */
export function jsonLdStatements(raw: string): string[] {
  const parsed = parseLenient(raw);
  const out: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 10) return;
    if (Array.isArray(value)) {
      for (const v of value) walk(v, depth + 1);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const local = key.trim().split(/[/#:]/).pop() ?? key;
      for (const name of new Set([key, local])) {
        out.push(`"${name}": ${JSON.stringify(v)}`);
        if (Array.isArray(v)) for (const item of v) out.push(`"${name}": ${JSON.stringify(item)}`);
      }
      walk(v, depth + 1);
    }
  };
  walk(parsed, 0);
  return out;
}

function parseLenient(raw: string): unknown {
  const text = raw
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '')
    .trim();
  for (const candidate of [text, text.replace(/[\r\n\t]+/g, ' ').replace(/,\s*([}\]])/g, '$1')]) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the repaired text
    }
  }
  return undefined;
}
