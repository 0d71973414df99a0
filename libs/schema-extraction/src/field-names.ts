import { isKnownAttribute, knownAttributes, labelsIn, namesAttribute, propertiesOf } from '@forage/lexicon';
import type { FieldSchema } from '@forage/contracts';

/** A property name in one spelling: lower case letters and digits only (`priceCurrency` → `pricecurrency`). */
export function flat(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A property name as words (`priceCurrency`, `price_currency` → `price currency`). */
export function wordsOf(name: string): string {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .toLowerCase()
    .trim();
}

/** Names that mean the item's own name in a schema. */
const NAME_WORDS = new Set(['name', 'title', 'productname', 'itemname', 'producttitle', 'label']);

/** Whether a property asks for the item's name. */
export function isNameField(name: string): boolean {
  return NAME_WORDS.has(flat(name));
}

/**
 * The lexicon attribute a schema property asks for: the attribute of that id, the attribute whose
 * structured-data property it is (`mpn` → sku), the last attribute its words name (`unit price` →
 * price, `price currency` → currency: the head noun is last), else the first its description names.
 */
export function attributeOfField(name: string, node: FieldSchema): string | undefined {
  const key = flat(name);
  if (isKnownAttribute(key)) return key;
  const declared = knownAttributes().find((a) => propertiesOf(a).includes(key));
  if (declared) return declared;
  const named = labelsIn(wordsOf(name)).at(-1);
  if (named) return named.attribute;
  return node.description ? labelsIn(node.description)[0]?.attribute : undefined;
}

/** Whether a label on the page ("Item code", "판매가") names the property. */
export function labelNamesField(input: {
  label: string;
  name: string;
  attribute: string | undefined;
}): boolean {
  if (flat(input.label) === flat(input.name)) return true;
  if (!input.attribute) return false;
  const hit = namesAttribute(input.label, input.attribute);
  // the label is this attribute's, not another's that merely contains its word
  return hit !== undefined && labelsIn(input.label).every((h) => h.attribute === input.attribute);
}
