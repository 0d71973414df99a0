/**
 * The benchmark's pages, generated (deterministically) rather than stored: 10–400 KB of HTML
 * (sizes log-uniform) shaped like real sites, where most bytes are not visible text: an article
 * (3–30 KB of text with headings, lists, tables) inside navigation menus, an inline stylesheet, an
 * inline SVG icon sprite and an inline JSON state blob that fill the rest. Every fourth page is
 * rendered by its own script from that state, a fetch and a short timer, as single-page apps are.
 */

export interface BenchPage {
  readonly path: string;
  readonly html: string;
  /** For JS-rendered pages: the JSON their script fetches, at `/data/<n>.json`. */
  readonly data: string | null;
}

const WORDS = (
  'hotel room night price parking breakfast pool downtown lake shore review guest staff clean quiet ' +
  'city station airport museum park river bridge market street view balcony suite king queen twin ' +
  'family business weekend season rate offer book cancel policy check arrival departure service ' +
  'restaurant bar gym spa wifi transfer shuttle distance minute walk drive tour ticket local history'
).split(' ');

/** mulberry32: a small seeded generator, so every run serves the same pages. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function sentence(next: () => number, words: number): string {
  const picked = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)] ?? 'hotel');
  const text = picked.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(next: () => number): string {
  return Array.from({ length: 3 + Math.floor(next() * 4) }, () =>
    sentence(next, 8 + Math.floor(next() * 10)),
  ).join(' ');
}

/** Article blocks (paragraphs, headings, lists, tables) until `bytes` of markup. */
function blocks(next: () => number, bytes: number): string[] {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const kind = i % 9;
    const block =
      kind === 4
        ? `<h2>${sentence(next, 4)}</h2>`
        : kind === 7
          ? `<ul>${Array.from({ length: 5 }, () => `<li>${sentence(next, 6)}</li>`).join('')}</ul>`
          : kind === 8
            ? `<table><tr><th>Room</th><th>Price</th></tr>${Array.from({ length: 4 }, (_, r) => `<tr><td>${sentence(next, 2)}</td><td>$${100 + r * 25}</td></tr>`).join('')}</table>`
            : `<p>${paragraph(next)}</p>`;
    out.push(block);
    size += block.length;
  }
  return out;
}

/** Markup that weighs but does not show: a stylesheet, an icon sprite, a state blob (in that proportion). */
function ballast(next: () => number, bytes: number): { css: string; sprite: string; state: string } {
  const cssRules: string[] = ['body{font-family:sans-serif;margin:0 auto;max-width:60em;line-height:1.5}'];
  for (let size = 0; size < bytes * 0.3;) {
    const rule = `.c-${Math.floor(next() * 1e6).toString(36)} .x-${Math.floor(next() * 1e6).toString(36)}{margin:${Math.floor(next() * 20)}px;color:#${Math.floor(
      next() * 0xffffff,
    )
      .toString(16)
      .padStart(6, '0')}}`;
    cssRules.push(rule);
    size += rule.length;
  }
  const symbols: string[] = [];
  for (let size = 0; size < bytes * 0.3;) {
    const points = Array.from(
      { length: 12 },
      () => `${(next() * 24).toFixed(2)} ${(next() * 24).toFixed(2)}`,
    ).join(' L');
    const symbol = `<symbol id="i${symbols.length}" viewBox="0 0 24 24"><path d="M${points}Z"/></symbol>`;
    symbols.push(symbol);
    size += symbol.length;
  }
  const items: { id: string; title: string; price: number; tags: string[] }[] = [];
  for (let size = 0; size < bytes * 0.4;) {
    const item = {
      id: Math.floor(next() * 1e9).toString(36),
      title: sentence(next, 6),
      price: Math.floor(next() * 400),
      tags: [sentence(next, 1), sentence(next, 1)],
    };
    items.push(item);
    size += JSON.stringify(item).length;
  }
  return {
    css: `<style>${cssRules.join('')}</style>`,
    sprite: `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols.join('')}</svg>`,
    state: `<script type="application/json" id="__STATE__">${JSON.stringify({ items }).replace(/</g, '\\u003c')}</script>`,
  };
}

function shell(input: {
  n: number;
  title: string;
  article: string;
  tail: string;
  ballast: ReturnType<typeof ballast>;
}): string {
  const nav = Array.from(
    { length: 40 },
    (_, i) =>
      `<li class="menu-item"><a href="/p/${(input.n + i + 1) % 200}"><svg width="12" height="12"><use href="#i${i % 8}"/></svg>Section ${i + 1}</a></li>`,
  ).join('');
  const { css, sprite, state } = input.ballast;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${input.title}</title>${css}</head><body>${sprite}<header><nav><ul>${nav}</ul></nav></header><main><article>${input.article}</article></main><aside><h3>Related</h3><ul id="related"></ul></aside><footer><p>© Bench Hotels · Terms · Privacy · Cookies</p></footer>${state}${input.tail}</body></html>`;
}

export function benchPages(count = 200): BenchPage[] {
  return Array.from({ length: count }, (_, n) => {
    const next = random(n + 1);
    const bytes = 10 * 40 ** next() * 1_024;
    const textBytes = Math.min(30_000, Math.max(3_000, bytes * 0.15));
    const title = `Article ${n}: ${sentence(next, 5)}`;
    const body = blocks(next, textBytes);
    const weight = ballast(next, Math.max(0, bytes - textBytes - 6_000));
    if (n % 4 !== 1) {
      return {
        path: `/p/${n}`,
        html: shell({ n, title, article: `<h1>${title}</h1>${body.join('')}`, tail: '', ballast: weight }),
        data: null,
      };
    }
    const data = JSON.stringify({ related: Array.from({ length: 8 }, () => sentence(next, 5)) });
    const script = `<script type="application/json" id="content">${JSON.stringify(body).replace(/</g, '\\u003c')}</script>
<script>
  const blocks = JSON.parse(document.getElementById('content').textContent);
  document.querySelector('article').innerHTML = '<h1>' + document.title + '</h1>' + blocks.join('');
  fetch('/data/${n}.json').then((r) => r.json()).then((d) => {
    document.getElementById('related').innerHTML = d.related.map((t) => '<li>' + t + '</li>').join('');
  });
  setTimeout(() => { document.querySelector('footer').insertAdjacentHTML('beforeend', '<p>Updated just now</p>'); }, 50);
</script>`;
    return { path: `/p/${n}`, html: shell({ n, title, article: '', tail: script, ballast: weight }), data };
  });
}
