/** A secret resolved in this service: its handle is safe to show, its value never is. */
export interface ResolvedSecret {
  readonly handle: string;
  readonly value: string;
  /** The only site (origin) it may be typed into; absent: a secret not given for one site. */
  readonly origin?: string;
}

/** The text that stands in for a secret wherever it would have appeared. */
export function secretPlaceholder(handle: string): string {
  return `[secret:${handle}]`;
}

/**
 * Replaces every secret in `text` with its placeholder, in the forms a page or URL can carry it:
 * raw, HTML-escaped (DOM snapshots), percent-encoded and form-encoded (URLs of GET forms).
 */
export function redactSecrets(text: string, secrets: Iterable<ResolvedSecret>): string {
  const replacements: { needle: string; placeholder: string }[] = [];
  for (const secret of secrets) {
    if (secret.value.length === 0) continue;
    const placeholder = secretPlaceholder(secret.handle);
    const needles = new Set(heldForms(secret.value).flatMap(encodingsOf));
    for (const needle of needles) if (needle.length > 0) replacements.push({ needle, placeholder });
  }
  // longest first, so an encoding that contains another is replaced whole
  replacements.sort((a, b) => b.needle.length - a.needle.length);
  let out = text;
  for (const { needle, placeholder } of replacements) out = out.split(needle).join(placeholder);
  return out;
}

/**
 * What a field may hold after a value is typed into it: single-line inputs drop line breaks, and
 * pages commonly trim or collapse whitespace. (What a maxlength cut off is read back from the
 * field after the fill and added as a secret of its own.)
 */
export function heldForms(value: string): string[] {
  const withoutBreaks = value.replace(/[\r\n]+/g, '');
  return [
    ...new Set([value, value.trim(), withoutBreaks, withoutBreaks.trim(), value.replace(/\s+/g, ' ').trim()]),
  ];
}

function encodingsOf(value: string): string[] {
  return [
    value,
    escapeHtml(value),
    escapeHtmlText(value),
    encodeURIComponent(value),
    encodeURI(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
  ];
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** How serialised text nodes escape (quotes stay as they are). */
function escapeHtmlText(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('\u00a0', '&nbsp;');
}
