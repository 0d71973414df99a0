import type { FieldSchema, FieldType } from '@forage/contracts';
import { numbersIn } from '@forage/lexicon';
import { flat } from './field-names.js';

/** The type a schema node declares, or the one its other keywords imply. */
export function typeOf(node: FieldSchema): FieldType {
  if (node.type) return node.type;
  if (node.properties) return 'object';
  if (node.items) return 'array';
  const first = node.enum?.[0];
  return typeof first === 'number' ? 'number' : typeof first === 'boolean' ? 'boolean' : 'string';
}

const TRUE = /^(?:true|yes|y|1|in stock|instock|available|ja|oui|sí|si)$/i;
const FALSE = /^(?:false|no|n|0|out of stock|outofstock|unavailable|nein|non)$/i;

/** A value read into the type a field declares, or why it cannot be. */
export function valueFor(
  node: FieldSchema,
  raw: string | number,
): { value: string | number | boolean } | { reason: string } {
  const type = typeOf(node);
  const text = String(raw).trim();
  if (node.enum) {
    const option = node.enum.find((o) => flat(String(o)) === flat(lastSegment(text)));
    return option === undefined
      ? { reason: `"${text}" is none of ${node.enum.map((o) => JSON.stringify(o)).join(', ')}` }
      : { value: option };
  }
  if (type === 'number' || type === 'integer') {
    const amount = typeof raw === 'number' ? raw : numbersIn(text)[0]?.amount;
    if (amount === undefined) return { reason: `"${text}" is not a number` };
    if (type === 'integer' && !Number.isInteger(amount))
      return { reason: `${String(amount)} is not an integer` };
    return { value: amount };
  }
  if (type === 'boolean') {
    const word = lastSegment(text);
    if (TRUE.test(word)) return { value: true };
    if (FALSE.test(word)) return { value: false };
    return { reason: `"${text}" is not a yes or no` };
  }
  return { value: text };
}

/** `https://schema.org/InStock` → `InStock`: the term a vocabulary URL names. */
function lastSegment(text: string): string {
  return /^https?:\/\//.test(text) ? (text.split(/[/#]/).pop() ?? text) : text;
}
