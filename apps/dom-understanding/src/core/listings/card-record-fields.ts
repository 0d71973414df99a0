import type { Element } from 'domhandler';
import { attr, descendants } from '@forage/html';
import { cardField as field } from './card-field.js';
import { EMAIL, ISO_DATE, looksLikePhone, PHONE, WRITTEN_DATE } from './content-patterns.js';
import type { Field } from './field.js';
import { nodeText } from './node-text.js';
import { hintsOf } from './page-context.js';
import { findPrice } from './price.js';

/** A card's contact and publication values: e-mail, phone, address, date, authors, abstract, SKU. */

const PHONE_LABEL =
  /\b(tel|phone|telephone|call|mobile|cell|fax|téléphone|telefon|teléfono|telefono|телефон)\b|☎|📞/i;

export function emailOf(card: Element, leaves: readonly Element[]): Field<string> | undefined {
  const mailto = descendants(card, 'a').find((a) => /^mailto:/i.test(attr(a, 'href') ?? ''));
  const fromHref = mailto ? EMAIL.exec(decodeURIComponent(attr(mailto, 'href') ?? '')) : null;
  if (mailto && fromHref) return field(fromHref[0], mailto);
  for (const el of leaves) {
    const m = EMAIL.exec(nodeText(el));
    if (m) return field(m[0], el);
  }
  return undefined;
}

export function phoneOf(card: Element, leaves: readonly Element[]): Field<string> | undefined {
  const tel = descendants(card, 'a').find((a) => /^tel:/i.test(attr(a, 'href') ?? ''));
  if (tel) return field(nodeText(tel) || (attr(tel, 'href') ?? '').slice(4), tel);
  for (const el of leaves) {
    const text = nodeText(el);
    if (findPrice(text)) continue;
    const m = PHONE.exec(text);
    // a bare digit group may be a count or a date: it is a phone when written as one (+, brackets) or labelled
    if (m && looksLikePhone(m[0]) && (/^\s*[+(]/.test(m[0]) || PHONE_LABEL.test(text)))
      return field(m[0].trim(), el);
  }
  return undefined;
}

export function addressOf(card: Element): Field<string> | undefined {
  const el = [card, ...descendants(card)].find(
    (e) => e.name === 'address' || /\b\w*(address|adresse|direccion|street)\w*\b/.test(hintsOf(e)),
  );
  const text = el ? nodeText(el) : '';
  return el && text.length > 3 && text.length < 300 ? field(text, el) : undefined;
}

export function dateOf(card: Element, leaves: readonly Element[]): Field<string> | undefined {
  const time = descendants(card, 'time')[0];
  if (time) return field(attr(time, 'datetime') ?? nodeText(time), time);
  for (const el of leaves) {
    const text = nodeText(el);
    const m = ISO_DATE.exec(text) ?? WRITTEN_DATE.exec(text);
    if (m?.[1]) return field(m[1], el);
  }
  return undefined;
}

export function authorsOf(card: Element): Field<string[]> | undefined {
  const el = descendants(card).find(
    (e) => /\b\w*(author|byline|creator|contributor)\w*\b/.test(hintsOf(e)) || attr(e, 'rel') === 'author',
  );
  if (!el) return undefined;
  const names = nodeText(el)
    .replace(/^by\s+/i, '')
    .split(/\s*(?:,|;|\band\b|&)\s*/)
    .map((s) => s.trim())
    .filter((s) => s.length > 1 && s.length < 80 && !/\d/.test(s) && s.toLowerCase() !== 'et al.');
  return names.length > 0 ? field(names, el) : undefined;
}

export function abstractOf(card: Element): Field<string> | undefined {
  const hinted = descendants(card).find((e) =>
    /\b\w*(abstract|summary|description|snippet)\w*\b/.test(hintsOf(e)),
  );
  const longest = descendants(card, 'p').sort((a, b) => nodeText(b).length - nodeText(a).length)[0];
  const el = hinted ?? (longest && nodeText(longest).length >= 120 ? longest : undefined);
  return el ? field(nodeText(el), el) : undefined;
}

export function skuOf(card: Element): Field<string> | undefined {
  for (const el of [card, ...descendants(card)]) {
    const value = attr(el, 'data-sku') ?? attr(el, 'data-product-sku');
    if (value?.trim()) return field(value.trim(), el, `data-sku=${value.trim()}`);
  }
  const labelled = descendants(card).find((el) => /\bsku\b/.test(hintsOf(el)));
  const text = labelled ? nodeText(labelled).replace(/^\s*sku\s*[:#]?\s*/i, '') : '';
  return labelled && /^[A-Za-z0-9][A-Za-z0-9._/-]{2,40}$/.test(text) ? field(text, labelled) : undefined;
}
