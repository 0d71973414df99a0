import type { Element } from 'domhandler';
import type { ProductAvailability } from '@forage/contracts';
import { attr, descendants, isText } from '@forage/html';
import { availabilityFromText } from './availability.js';
import { OUT_OF_FIVE, STAR_CLASS, STAR_GLYPHS } from './content-patterns.js';
import { cardField as field } from './card-field.js';
import { abstractOf, addressOf, authorsOf, dateOf, emailOf, phoneOf, skuOf } from './card-record-fields.js';
import type { Field } from './field.js';
import { nodeText } from './node-text.js';
import { hintsOf, insideAny } from './page-context.js';
import { findPrice } from './price.js';

/** Every typed value a card (or a detail page's main block) states, each with its element. */
export interface CardFields {
  readonly text: string;
  readonly name?: Field<string>;
  readonly url?: Field<string>;
  readonly price?: Field<string>;
  readonly currency?: Field<string>;
  readonly starRating?: Field<number>;
  readonly location?: Field<string>;
  /** A distance the card states, as written ("1.2 km from the centre"); processing parses it. */
  readonly distance?: Field<string>;
  readonly amenities?: Field<string[]>;
  readonly sku?: Field<string>;
  readonly availability?: Field<ProductAvailability>;
  readonly email?: Field<string>;
  readonly phone?: Field<string>;
  readonly address?: Field<string>;
  readonly date?: Field<string>;
  readonly authors?: Field<string[]>;
  readonly abstract?: Field<string>;
}

const STRUCK = new Set(['del', 's', 'strike']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Separators authors put between facts on one line: "Besby · 2-star · rated 4.1 / 5". */
const SEGMENT_SPLIT = /\s*[·•|—–]\s*|\s*,\s+|\s+-\s+/;
const LEAF_TEXT_MAX = 200;

/** The elements of a card that hold text directly (the smallest elements a value can be read from). */
function textLeaves(card: Element): Element[] {
  return [card, ...descendants(card)].filter((el) => {
    const text = nodeText(el);
    return (
      text.length > 0 &&
      text.length <= LEAF_TEXT_MAX &&
      el.children.some((c) => isText(c) && c.data.trim() !== '')
    );
  });
}

/** Reads a card's values by what they look like: prices, ratings, e-mail addresses, phones, dates, codes. */
export function readCardFields(card: Element): CardFields {
  const text = nodeText(card);
  const leaves = textLeaves(card);
  const name = nameOf(card);
  const price = priceOf(leaves);
  const location = locationOf(card, leaves, name?.value);
  return {
    text,
    ...(name ? { name } : {}),
    ...optional('url', urlOf(card)),
    ...(price ? { price: price.price, ...(price.currency ? { currency: price.currency } : {}) } : {}),
    ...optional('starRating', starRatingOf(leaves)),
    ...optional('location', location),
    ...optional('distance', distanceOf(leaves)),
    ...optional('amenities', amenitiesOf({ card, leaves, exclude: [name?.value, location?.value] })),
    ...optional('availability', availabilityOf(leaves)),
    ...optional('email', emailOf(card, leaves)),
    ...optional('phone', phoneOf(card, leaves)),
    ...optional('address', addressOf(card)),
    ...optional('date', dateOf(card, leaves)),
    ...optional('authors', authorsOf(card)),
    ...optional('abstract', abstractOf(card)),
    ...optional('sku', skuOf(card)),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}

function nameOf(card: Element): Field<string> | undefined {
  const heading = descendants(card).find((el) => HEADINGS.has(el.name) && nodeText(el).length > 1);
  const hinted = descendants(card).find(
    (el) =>
      /\b\w*(title|name)\w*\b/.test(hintsOf(el)) && nodeText(el).length > 1 && nodeText(el).length < 200,
  );
  const bold = descendants(card).find(
    (el) => (el.name === 'strong' || el.name === 'b') && nodeText(el).length > 1 && !findPrice(nodeText(el)),
  );
  const link = descendants(card, 'a').find(
    (a) =>
      nodeText(a).length > 1 && !findPrice(nodeText(a)) && !/^(mailto|tel):/i.test(attr(a, 'href') ?? ''),
  );
  const el = heading ?? hinted ?? link ?? bold;
  return el ? field(nodeText(el), el) : undefined;
}

function urlOf(card: Element): Field<string> | undefined {
  const link = (card.name === 'a' ? [card] : descendants(card, 'a')).find(
    (a) =>
      (attr(a, 'href') ?? '').trim() !== '' &&
      !(attr(a, 'href') ?? '').startsWith('#') &&
      !/^(mailto|tel|javascript):/i.test(attr(a, 'href') ?? ''),
  );
  const href = link ? attr(link, 'href') : undefined;
  return link && href ? field(href.trim(), link) : undefined;
}

function priceOf(leaves: readonly Element[]): { price: Field<string>; currency?: Field<string> } | undefined {
  const priced = leaves
    .map((el) => ({ el, price: findPrice(nodeText(el, STRUCK)) }))
    .filter(
      (p): p is { el: Element; price: NonNullable<ReturnType<typeof findPrice>> } =>
        p.price !== undefined && !insideAny(p.el, STRUCK),
    );
  const best = priced.find((p) => /pri[cx]e/.test(hintsOf(p.el))) ?? priced[0];
  if (!best) return undefined;
  const price = field(best.price.amount, best.el);
  return { price, ...(best.price.currency ? { currency: field(best.price.currency, best.el) } : {}) };
}

/** "1.2 km from the centre", "800 m to the station", "0.5 miles from Union Square". */
const STATED_DISTANCE =
  /\d+(?:[.,]\d+)?\s*(?:km|kms|kilomet(?:re|er)s?|m|met(?:re|er)s?|mi|miles?|ft|feet|yd|yds|yards?)\.?\s+(?:away\s+)?(?:from|to)\s+\S[^,.;()|\n]{1,80}/iu;

function distanceOf(leaves: readonly Element[]): Field<string> | undefined {
  for (const el of leaves) {
    const match = STATED_DISTANCE.exec(nodeText(el));
    if (match) return field(match[0].trim(), el);
  }
  return undefined;
}

function starRatingOf(leaves: readonly Element[]): Field<number> | undefined {
  for (const el of leaves) {
    const text = nodeText(el);
    const star = STAR_CLASS.exec(text);
    const value = star?.[1] ?? star?.[2];
    if (value) return field(Number(value.replace(',', '.')), el);
  }
  for (const el of leaves) {
    const glyphs = STAR_GLYPHS.exec(nodeText(el));
    if (glyphs) return field(Math.min(5, glyphs[0].replace(/\uFE0F/g, '').length), el);
  }
  for (const el of leaves) {
    const score = OUT_OF_FIVE.exec(nodeText(el));
    if (score?.[1]) return field(Number(score[1].replace(',', '.')), el);
  }
  return undefined;
}

/** A short capitalised segment without digits next to the name ("Name, Town — …", "Town · 3-star"), or an address-hinted element. */
function locationOf(
  card: Element,
  leaves: readonly Element[],
  name: string | undefined,
): Field<string> | undefined {
  const hinted = descendants(card).find(
    (el) =>
      /\b\w*(location|locality|city|region|address|place)\w*\b/.test(hintsOf(el)) &&
      nodeText(el).length < 200,
  );
  if (hinted) return field(nodeText(hinted), hinted);
  for (const el of leaves) {
    const text = nodeText(el);
    const rest = name && text.startsWith(name) ? text.slice(name.length) : text;
    const segments = rest
      .split(SEGMENT_SPLIT)
      .map((s) => s.trim())
      .filter(Boolean);
    if (segments.length < 2) continue;
    const place = segments.find(
      (s) => /^\p{Lu}[\p{L}'’.-]*(?:\s\p{Lu}[\p{L}'’.-]*){0,3}$/u.test(s) && s !== name,
    );
    if (place) return field(place, el);
  }
  return undefined;
}

/** List items of a card, or the short digit-free segments of a line that also states a price. */
function amenitiesOf(input: {
  card: Element;
  leaves: readonly Element[];
  /** Values already read as the name or location. */
  exclude: readonly (string | undefined)[];
}): Field<string[]> | undefined {
  const { card, leaves } = input;
  const excluded = new Set(input.exclude.filter((x): x is string => x !== undefined));
  const list = descendants(card).find(
    (el) =>
      (el.name === 'ul' || el.name === 'ol') && /amenit|feature|facilit|equipment|service/.test(hintsOf(el)),
  );
  if (list) {
    const items = descendants(list, 'li')
      .map((li) => offeredFeature(nodeText(li)))
      .filter((s): s is string => s !== undefined);
    if (items.length > 0) return field(items, list);
  }
  for (const el of leaves) {
    const text = nodeText(el);
    if (!findPrice(text)) continue;
    const segments = text.split(SEGMENT_SPLIT).map((s) => s.trim());
    if (segments.length < 2) continue;
    const items = segments
      .slice(1)
      .filter((s) => s.length > 0 && s.length <= 40 && !/\d/.test(s) && s.split(/\s+/).length <= 4)
      .map(offeredFeature)
      .filter((s): s is string => s !== undefined && !excluded.has(s));
    if (items.length > 0) return field(items, el);
  }
  return undefined;
}

/** "Free Wi-Fi: Yes" → "Free Wi-Fi"; "Pool: No" and "No free parking" are features the place lacks. */
function offeredFeature(text: string): string | undefined {
  const yesNo = /^(.*?):\s*(yes|no|true|false|✓|✔|✗|✘)$/i.exec(text);
  if (yesNo?.[1]) return /^(yes|true|✓|✔)$/i.test(yesNo[2] ?? '') ? yesNo[1].trim() : undefined;
  if (/^(no|without|not)\b/i.test(text)) return undefined;
  return text.length > 0 && text.length <= 60 ? text : undefined;
}

function availabilityOf(leaves: readonly Element[]): Field<ProductAvailability> | undefined {
  for (const el of leaves) {
    for (const segment of nodeText(el).split(SEGMENT_SPLIT)) {
      const value = availabilityFromText(segment);
      if (value) return field(value, el);
    }
  }
  return undefined;
}
