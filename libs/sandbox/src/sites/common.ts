import { markup, type SafeHtml } from '../html.js';
import { renderPage, type SiteChrome } from '../layout.js';
import type { SandboxPage } from '../types.js';

export const HTML_TYPE = 'text/html; charset=utf-8';

export function htmlPage(path: string, body: string): SandboxPage {
  return { path, contentType: HTML_TYPE, body };
}

export interface AboutText {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

/** Pages every site has: about, privacy, and a /private/ area that robots.txt disallows. */
export function commonPages(chrome: SiteChrome, about: AboutText): SandboxPage[] {
  const aboutMain = markup`<h1>${about.heading}</h1>${about.paragraphs.map((p) => markup`<p>${p}</p>`)}
<h2>Contact the team</h2><p>Write to the editors through the contact details in the footer of any page. We read every message, although we cannot always reply individually.</p>`;
  return [
    htmlPage(
      '/about',
      renderPage(chrome, {
        title: about.heading,
        description: `About ${chrome.title}: who we are and how this site works.`,
        main: aboutMain,
        breadcrumbs: [{ href: '/about', label: 'About' }],
      }),
    ),
    htmlPage(
      '/privacy',
      renderPage(chrome, {
        title: 'Privacy notice',
        description: `How ${chrome.title} handles cookies and personal data.`,
        main: privacyMain(chrome),
        breadcrumbs: [{ href: '/privacy', label: 'Privacy' }],
      }),
    ),
    {
      ...htmlPage(
        '/private/',
        renderPage(chrome, {
          title: 'Staff area',
          description: 'Internal drafts. Not for search engines.',
          main: markup`<h1>Staff area</h1><p>This area holds unpublished drafts and internal notes. Crawlers are asked to stay out by robots.txt, and nothing here should appear in a search index or an answer.</p><p>Draft note: the quarterly figures on this page are placeholders and must not be quoted.</p>`,
        }),
      ),
      listed: false,
    },
  ];
}

export function notFoundPage(chrome: SiteChrome): SandboxPage {
  return errorPage(chrome, {
    status: 404,
    title: 'Page not found',
    message: 'The page you asked for does not exist. It may have moved, or the address may be mistyped.',
  });
}

/** An HTML error page with the site's normal chrome (used for 400, 404, 405, 413). */
export function errorPage(
  chrome: SiteChrome,
  error: { status: number; title: string; message: string; details?: SafeHtml },
): SandboxPage {
  const main = markup`<h1>${error.title}</h1><p>${error.message}</p>${error.details}<p>Error ${error.status}. Try the <a href="/">home page</a> or the links in the menu above.</p>`;
  return {
    ...htmlPage('', renderPage(chrome, { title: error.title, description: error.message, main })),
    status: error.status,
    listed: false,
  };
}

function privacyMain(chrome: SiteChrome): SafeHtml {
  const sections: [string, string][] = [
    [
      'What we collect',
      `${chrome.title} keeps a record of the pages you visit for up to thirty days so that we can find broken links and slow pages. We do not build advertising profiles.`,
    ],
    [
      'Cookies',
      'A necessary cookie remembers your cookie choice. Optional analytics cookies count visits; they are only set if you accept them in the banner.',
    ],
    [
      'Your rights',
      'You can ask us for a copy of the data we hold about you, ask us to correct it, or ask us to delete it. We answer within one month.',
    ],
    [
      'Changes to this notice',
      'We post any change to this notice on this page and date it. This version took effect on 1 March 2024.',
    ],
  ];
  return markup`<h1>Privacy notice</h1>${sections.map(([h, p]) => markup`<h2>${h}</h2><p>${p}</p>`)}`;
}
