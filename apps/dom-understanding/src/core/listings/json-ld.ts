import type { Document } from 'domhandler';
import { attr, descendants } from '@forage/html';
import { xpathOf } from '../xpath.js';
import { clip } from './node-text.js';
import { localName, type StructuredItem, type StructuredValue } from './structured-item.js';

/** Items in a page's `<script type="application/ld+json">` blocks; blocks that are not JSON even after light repair are skipped. */
export function readJsonLd(doc: Document): StructuredItem[] {
  const items: StructuredItem[] = [];
  for (const script of descendants(doc, 'script')) {
    if (!/ld\+json/i.test(attr(script, 'type') ?? '')) continue;
    const raw = script.children
      .map((c) => ('data' in c && typeof c.data === 'string' ? c.data : ''))
      .join('');
    const parsed = parseLenient(raw);
    if (parsed === undefined) continue;
    const xpath = xpathOf(script);
    for (const node of topLevelNodes(parsed)) {
      const item = toItem(node, xpath, 0);
      if (item) items.push(item);
    }
  }
  return items;
}

/** JSON as pages actually ship it: HTML comments, CDATA wrappers, raw newlines in strings, trailing commas. */
function parseLenient(raw: string): unknown {
  const text = raw
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '')
    .trim();
  if (text === '') return undefined;
  for (const candidate of [text, repair(text)]) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next repair
    }
  }
  return undefined;
}

function repair(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').replace(/,\s*([}\]])/g, '$1');
}

function topLevelNodes(parsed: unknown): unknown[] {
  if (Array.isArray(parsed)) return parsed.flatMap(topLevelNodes);
  if (isRecord(parsed) && Array.isArray(parsed['@graph'])) return parsed['@graph'];
  return [parsed];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const MAX_DEPTH = 8;

function toItem(node: unknown, xpath: string, depth: number): StructuredItem | undefined {
  if (!isRecord(node) || depth > MAX_DEPTH) return undefined;
  const rawType = node['@type'];
  const types = (Array.isArray(rawType) ? rawType : [rawType])
    .filter((t): t is string => typeof t === 'string')
    .map(localName);
  const props = new Map<string, StructuredValue[]>();
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    const name = localName(key);
    const values = (Array.isArray(value) ? value : [value]).flatMap((v) =>
      toValue({ key: name, value: v, xpath, depth }),
    );
    if (values.length > 0) props.set(name, [...(props.get(name) ?? []), ...values]);
  }
  return { types, props, xpath, origin: 'json-ld' };
}

function toValue(input: { key: string; value: unknown; xpath: string; depth: number }): StructuredValue[] {
  const { key, value, xpath } = input;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const text = String(value);
    return [{ text, xpath, snippet: clip(`"${key}": ${JSON.stringify(value)}`, 300) }];
  }
  if (isRecord(value)) {
    // {"@id": "..."} and {"@value": "..."} references carry text, not an item
    const literal = value['@value'] ?? (Object.keys(value).length === 1 ? value['@id'] : undefined);
    if (typeof literal === 'string' || typeof literal === 'number')
      return [{ text: String(literal), xpath, snippet: clip(`"${key}": ${JSON.stringify(literal)}`, 300) }];
    const item = toItem(value, xpath, input.depth + 1);
    const name = typeof value['name'] === 'string' ? value['name'] : undefined;
    return item
      ? [
          {
            item,
            ...(name ? { text: name } : {}),
            xpath,
            snippet: clip(`"${key}": ${JSON.stringify(value)}`, 300),
          },
        ]
      : [];
  }
  return [];
}
