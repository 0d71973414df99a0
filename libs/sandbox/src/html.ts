/** Markup that is already safe to emit; everything else interpolated into `markup` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Template tag: literal parts are trusted, every interpolated value is escaped unless it is SafeHtml.
 * Named `markup`, not `html`, so Prettier leaves the template text (the served bytes) alone.
 */
export function markup(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** A `<script type="application/json">` data island; `<` is escaped so the data cannot close the tag. */
export function jsonIsland(id: string, data: unknown): SafeHtml {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return markup`<script type="application/json" id="${id}">${new SafeHtml(json)}</script>`;
}

/** An inline script written in this code base (never built from input). */
/** An inline style sheet written in this code base (never built from input). */
export function inlineStyle(css: string): SafeHtml {
  return new SafeHtml(`<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
}

export function inlineScript(source: string): SafeHtml {
  return new SafeHtml(`<script>${source.replace(/<\/script/gi, '<\\/script')}</script>`);
}

/** A schema.org JSON-LD block. */
export function jsonLd(data: unknown): SafeHtml {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return new SafeHtml(`<script type="application/ld+json">${json}</script>`);
}
