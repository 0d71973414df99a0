import type { InputQuestion } from '@forage/contracts';
import type { FormField } from '../explore/page-structure.js';

/** A value the task fills in: plain text, or a secret used only through its handle. */
export type DetailValue = string | { readonly secretHandle: string };

/** A detail the memory bank holds, with the site it was given for (none: an entry older than that). */
export interface RecalledDetail {
  readonly value: DetailValue;
  readonly origin?: string;
}

/** A detail a form needs, named the way the memory bank keeps it. */
export interface Detail {
  readonly key: string;
  readonly label: string;
  readonly kind: InputQuestion['kind'];
  readonly sensitive: boolean;
  /** Worth keeping for later runs (a name is; the text of one message is not). */
  readonly reusable: boolean;
}

const MEANINGS: readonly {
  readonly test: RegExp;
  readonly key: string;
  readonly kind: InputQuestion['kind'];
  readonly sensitive?: boolean;
  readonly once?: boolean;
}[] = [
  { test: /pass(word|code|phrase)|\bpin\b/i, key: 'password', kind: 'password', sensitive: true },
  {
    test: /card ?number|credit ?card|\bcvc\b|\bcvv\b|\biban\b/i,
    key: 'card-number',
    kind: 'text',
    sensitive: true,
  },
  { test: /e-?mail/i, key: 'email', kind: 'email' },
  { test: /phone|mobile|\btel\b|telephone/i, key: 'phone', kind: 'phone' },
  { test: /user ?name|login|account (id|name)/i, key: 'username', kind: 'text' },
  { test: /first name|given name|forename/i, key: 'first-name', kind: 'text' },
  { test: /last name|surname|family name/i, key: 'last-name', kind: 'text' },
  { test: /\bname\b/i, key: 'name', kind: 'text' },
  { test: /check[ -]?in|arriv|start date|from date|departure date/i, key: 'check-in-date', kind: 'date' },
  { test: /check[ -]?out|leav|end date|to date|return date/i, key: 'check-out-date', kind: 'date' },
  { test: /guests?|people|persons|travell?ers|adults/i, key: 'guests', kind: 'number' },
  { test: /\bcity\b|\btown\b|destination/i, key: 'city', kind: 'text' },
  { test: /address|street/i, key: 'address', kind: 'text' },
  { test: /post ?code|zip/i, key: 'postcode', kind: 'text' },
  { test: /company|organi[sz]ation|employer/i, key: 'company', kind: 'text' },
  {
    test: /message|comment|enquiry|inquiry|question|how can we help/i,
    key: 'message',
    kind: 'text',
    once: true,
  },
  { test: /subject|topic/i, key: 'subject', kind: 'text', once: true },
];

/**
 * The memory key of a detail, from a field's label or name (or the words the user used), by
 * meaning: "Your e-mail address" and "email" are one key. A label with no known meaning keeps its
 * own words as the key, so it is still remembered under a stable name.
 */
export function detailOf(label: string, fieldKind?: FormField['kind']): Detail {
  const text = label.trim().slice(0, 200) || 'detail';
  const meaning = MEANINGS.find((m) => m.test.test(text));
  if (meaning)
    return {
      key: meaning.key,
      label: text,
      kind: meaning.kind,
      sensitive: meaning.sensitive ?? fieldKind === 'password',
      reusable: !meaning.once,
    };
  const sensitive = fieldKind === 'password';
  const kind: InputQuestion['kind'] = sensitive
    ? 'password'
    : fieldKind === 'date'
      ? 'date'
      : fieldKind === 'number'
        ? 'number'
        : fieldKind === 'email'
          ? 'email'
          : fieldKind === 'tel'
            ? 'phone'
            : 'text';
  return { key: slug(text), label: text, kind, sensitive, reusable: true };
}

function slug(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return /^[a-z]/.test(s) ? s : `d-${s || 'detail'}`;
}

/** The question asked for a detail (one per key), in the user's terms, never the page's instructions. */
export function questionFor(detail: Detail): InputQuestion {
  return {
    key: detail.key,
    prompt: `${detail.label.replace(/[*:]+\s*$/, '').trim()}?`.slice(0, 500),
    kind: detail.kind,
    sensitive: detail.sensitive,
  };
}
