import type { Element } from 'domhandler';
import { xpathOf } from '../xpath.js';
import type { Field } from './field.js';
import { clip, nodeText } from './node-text.js';

/** A value read from a card's element: where it sits and the text it was read from. */
export function cardField<T>(value: T, el: Element, snippet?: string): Field<T> {
  return {
    value,
    xpath: xpathOf(el),
    snippet: clip(snippet ?? nodeText(el), 300),
    origin: 'repeated-structure',
  };
}
