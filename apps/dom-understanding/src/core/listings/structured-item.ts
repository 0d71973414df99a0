import type { ListingFieldOrigin } from '@forage/contracts';

/** One value of a schema.org property: text, or a nested item, with where it sits in the page. */
export interface StructuredValue {
  readonly text?: string;
  readonly item?: StructuredItem;
  readonly xpath: string;
  readonly snippet: string;
}

/** A schema.org item read from JSON-LD, microdata or RDFa, with property names in their local form ("price"). */
export interface StructuredItem {
  /** Local type names ("Product", "Offer"); empty for untyped nested objects. */
  readonly types: readonly string[];
  readonly props: ReadonlyMap<string, readonly StructuredValue[]>;
  readonly xpath: string;
  readonly origin: Extract<ListingFieldOrigin, 'json-ld' | 'microdata' | 'rdfa'>;
}

/** "http://schema.org/Product", "schema:Product", "Product" → "Product". */
export function localName(term: string): string {
  return term.trim().split(/[/#:]/).pop() ?? '';
}

export function hasType(item: StructuredItem, ...types: string[]): boolean {
  return item.types.some((t) => types.includes(t));
}

export function firstText(item: StructuredItem, ...props: string[]): StructuredValue | undefined {
  for (const p of props) {
    const found = item.props.get(p)?.find((v) => v.text !== undefined && v.text.trim() !== '');
    if (found) return found;
  }
  return undefined;
}

export function nestedItems(item: StructuredItem, prop: string): StructuredItem[] {
  return (item.props.get(prop) ?? []).flatMap((v) => (v.item ? [v.item] : []));
}

/** Every item, nested ones included, depth first. */
export function allItems(items: readonly StructuredItem[]): StructuredItem[] {
  const out: StructuredItem[] = [];
  const seen = new Set<StructuredItem>();
  const walk = (item: StructuredItem): void => {
    if (seen.has(item)) return;
    seen.add(item);
    out.push(item);
    for (const values of item.props.values()) for (const v of values) if (v.item) walk(v.item);
  };
  items.forEach(walk);
  return out;
}
