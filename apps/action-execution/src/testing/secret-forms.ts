/**
 * Every way a secret could be written down by mistake: raw, base64 (standard and URL-safe),
 * percent-encoded, hex, JSON-escaped and reversed, for each form a field may have held it in.
 */
export function leakForms(values: readonly string[]): { form: string; text: string }[] {
  const out: { form: string; text: string }[] = [];
  for (const value of values) {
    const b64 = Buffer.from(value, 'utf8').toString('base64');
    out.push(
      { form: 'raw', text: value },
      { form: 'base64', text: b64.replace(/=+$/, '') },
      { form: 'base64url', text: Buffer.from(value, 'utf8').toString('base64url') },
      { form: 'url-encoded', text: encodeURIComponent(value) },
      { form: 'form-encoded', text: new URLSearchParams({ v: value }).toString().slice(2) },
      { form: 'hex', text: Buffer.from(value, 'utf8').toString('hex') },
      { form: 'HEX', text: Buffer.from(value, 'utf8').toString('hex').toUpperCase() },
      { form: 'JSON-escaped', text: JSON.stringify(value).slice(1, -1) },
      { form: 'reversed', text: reversed(value) },
    );
  }
  return out.filter((f) => f.text.length >= 6);
}

/** The first leak form found in `text`, if any (names the form, never the secret). */
export function findLeak(text: string, forms: readonly { form: string; text: string }[]): string | undefined {
  return forms.find((f) => text.includes(f.text))?.form;
}

function reversed(value: string): string {
  return Array.from(new Intl.Segmenter().segment(value), (s) => s.segment)
    .reverse()
    .join('');
}
