import type { ListingFieldOrigin } from '@forage/contracts';
import type { StructuredItem, StructuredValue } from './structured-item.js';

/** A listing field: its value and where on the page it was read. */
export interface Field<T> {
  readonly value: T;
  readonly xpath: string;
  readonly snippet: string;
  readonly origin: ListingFieldOrigin;
}

export function fieldFrom<T>(value: T, at: StructuredValue, item: StructuredItem): Field<T> {
  return { value, xpath: at.xpath, snippet: at.snippet, origin: item.origin };
}
