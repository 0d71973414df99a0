import { markup, inlineScript, inlineStyle, type SafeHtml } from './html.js';

export interface Link {
  readonly href: string;
  readonly label: string;
}

/** What stays the same on every page of one site: its name, colours, navigation and footer. */
export interface SiteChrome {
  readonly title: string;
  readonly tagline: string;
  readonly accent: string;
  readonly nav: readonly Link[];
  readonly footer: readonly Link[];
  /** Sidebar links shown on pages that bring no sidebar of their own. */
  readonly related: readonly Link[];
}

export interface PageLayout {
  readonly title: string;
  readonly description: string;
  readonly main: SafeHtml;
  readonly breadcrumbs?: readonly Link[];
  readonly sidebar?: SafeHtml;
  /** Data islands and scripts appended at the end of the body. */
  readonly scripts?: SafeHtml;
}

const COOKIE_SCRIPT = `document.querySelectorAll('.cookie-banner button').forEach(function (b) {
  b.addEventListener('click', function () { var el = document.querySelector('.cookie-banner'); if (el) el.hidden = true; });
});`;

/**
 * A full HTML document with realistic boilerplate (cookie banner, header, breadcrumbs, sidebar,
 * footer) around the main content, so main-content extraction has something to strip.
 */
export function renderPage(chrome: SiteChrome, page: PageLayout): string {
  const crumbs = page.breadcrumbs ?? [];
  const sidebar =
    page.sidebar ??
    markup`<section><h2>Related links</h2><ul>${chrome.related.map((l) => markup`<li><a href="${l.href}">${l.label}</a></li>`)}</ul></section>`;
  return markup`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} – ${chrome.title}</title>
<meta name="description" content="${page.description}">
<meta name="generator" content="Forage sandbox">
${inlineStyle(styles(chrome.accent))}
</head>
<body>
<a class="skip-link" href="#content">Skip to main content</a>
<div class="cookie-banner" role="dialog" aria-label="Cookie consent">
<p>${chrome.title} uses cookies to remember your preferences and to measure how our pages are used. We never sell your data. You can change your choice at any time from the privacy page.</p>
<button type="button">Accept all cookies</button> <button type="button">Only necessary cookies</button> <a href="/privacy">Read our privacy notice</a>
</div>
<header class="site-header">
<a class="brand" href="/">${chrome.title}</a>
<span class="tagline">${chrome.tagline}</span>
<nav class="main-nav" aria-label="Main"><ul>${chrome.nav.map((l) => markup`<li><a href="${l.href}">${l.label}</a></li>`)}</ul></nav>
</header>
${crumbs.length > 0 && markup`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li>${crumbs.map((l) => markup`<li><a href="${l.href}">${l.label}</a></li>`)}</ol></nav>`}
<div class="layout">
<main id="content">
${page.main}
</main>
<aside class="sidebar" aria-label="Related">
${sidebar}
<section class="newsletter"><h2>Stay in touch</h2><p>Get a short monthly letter with what is new on ${chrome.title}. No spam, unsubscribe with one click.</p></section>
</aside>
</div>
<footer class="site-footer">
<nav aria-label="Footer"><ul>${chrome.footer.map((l) => markup`<li><a href="${l.href}">${l.label}</a></li>`)}</ul></nav>
<section class="footer-about"><h2>About this site</h2><p>${chrome.title} is part of the Forage sandbox web: a small set of realistic websites that run on this computer only. Nothing on these pages describes real places, businesses or people, and no page here ever loads anything from the internet. The pages stay the same from one run to the next, so that answers found on them can be checked.</p><p>Accessibility: every page has a skip link, landmarks and headings in order. If something is hard to use, tell us through the contact details on the about page.</p></section>
<p>© 2024 ${chrome.title}. All content on this site is fictional and generated for testing. Text is available under the Sandbox Content Licence; additional terms may apply.</p>
</footer>
${inlineScript(COOKIE_SCRIPT)}
${page.scripts}
</body>
</html>
`.value;
}

function styles(accent: string): string {
  return `
:root { --accent: ${accent}; --ink: #1d232b; --muted: #5b6570; --line: #d7dde3; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fbfbfa; }
a { color: var(--accent); }
.skip-link { position: absolute; left: -999px; }
.skip-link:focus { left: 8px; top: 8px; background: #fff; padding: 4px 8px; }
.cookie-banner { background: #23292f; color: #f3f3f3; padding: 10px 24px; font-size: 14px; }
.cookie-banner a { color: #cde; }
.site-header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 16px; padding: 14px 24px; border-bottom: 3px solid var(--accent); background: #fff; }
.brand { font-weight: 700; font-size: 22px; text-decoration: none; }
.tagline { color: var(--muted); }
.main-nav ul, .site-footer ul { list-style: none; display: flex; flex-wrap: wrap; gap: 14px; margin: 0; padding: 0; }
.breadcrumbs ol { list-style: none; display: flex; gap: 8px; padding: 8px 24px; margin: 0; font-size: 14px; }
.breadcrumbs li + li::before { content: "›"; margin-right: 8px; color: var(--muted); }
.layout { display: grid; grid-template-columns: minmax(0, 1fr) 280px; gap: 32px; padding: 24px; max-width: 1180px; margin: 0 auto; }
.sidebar { font-size: 14px; border-left: 1px solid var(--line); padding-left: 20px; }
table { border-collapse: collapse; margin: 12px 0; }
th, td { border: 1px solid var(--line); padding: 6px 10px; text-align: left; vertical-align: top; }
.infobox { float: right; margin: 0 0 16px 20px; width: 300px; background: #f4f6f8; font-size: 14px; }
.infobox caption { font-weight: 700; padding: 6px; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: 12px 16px; margin: 12px 0; background: #fff; }
.price { font-weight: 700; font-size: 20px; }
.pagination { display: flex; gap: 12px; margin: 20px 0; }
form label { display: block; margin: 8px 0 4px; }
.site-footer { border-top: 1px solid var(--line); padding: 20px 24px; color: var(--muted); font-size: 14px; }
@media (max-width: 760px) { .layout { grid-template-columns: 1fr; } .infobox { float: none; width: 100%; margin: 0; } }
`;
}
