import { extractMainContent } from './extract.js';

const PROSE = [
  'The river rose three metres overnight, and by morning the lower town was under water, with boats moving along streets where cars had parked the evening before.',
  'Officials said the levee, built in 1962 and reinforced twice since, held for most of the night, but a section near the old mill gave way shortly after four, flooding the market square.',
  'Residents who had ignored the evacuation order were taken to the school gym, where volunteers handed out blankets, soup and dry socks, and a doctor checked on the elderly.',
  'Engineers will inspect the damage once the water recedes, a process that could take a week, the mayor said, adding that the town would ask the region for emergency funds.',
];

function article(body: string): string {
  return `<!doctype html><html lang="en-GB"><head>
    <title>River floods lower town | The Valley Courier</title>
    <meta property="og:title" content="River floods lower town">
    <meta name="author" content="Ada Brook">
    <style>.story { color: red }</style>
    <script>window.secretTracking = "do-not-extract";</script>
  </head><body>
    <header class="site-header"><a href="/">The Valley Courier</a>
      <nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li></ul></nav>
    </header>
    <div id="cookie-banner">We use cookies to improve your experience. <button>Accept all</button></div>
    <main><article class="story">
      <h1>River floods lower town</h1>
      <div class="byline">By Ada Brook, 3 March 2024</div>
      <div class="share-buttons"><a href="https://social.example/share">Share on Social</a> <a href="mailto:?">Email this story</a></div>
      <div class="article-body">${body}</div>
      <div class="newsletter-signup"><p>Get the morning briefing in your inbox, every day, for free. Sign up now!</p></div>
      <section class="related-stories"><h2>Related stories</h2><ul>
        <li><a href="/a">Bridge closed after storm damage</a></li>
        <li><a href="/b">Council approves new flood defences</a></li>
        <li><a href="/c">Photos: the valley under snow</a></li>
      </ul></section>
    </article></main>
    <aside class="sidebar"><h3>Most read</h3><ol><li><a href="/x">Local bakery wins national prize</a></li><li><a href="/y">Traffic plan delayed again</a></li></ol></aside>
    <div id="comments" class="comments-area"><h3>3 comments</h3><p>Great reporting, thank you, stay safe everyone down there by the river, we are thinking of you all.</p></div>
    <div class="ad-slot advert">Advertisement: buy the best boots today, only 9.99, limited offer</div>
    <footer class="site-footer"><p>© 2024 The Valley Courier. All rights reserved. Privacy policy. Terms of use.</p></footer>
  </body></html>`;
}

const paragraphs = PROSE.map((p) => `<p>${p}</p>`).join('\n');

describe('extractMainContent', () => {
  it('keeps the article paragraphs and drops navigation, header, footer, cookie banner, share, related, comments, newsletter and ads', () => {
    const result = extractMainContent(article(paragraphs), { url: 'https://courier.example/2024/03/flood' });
    for (const p of PROSE) expect(result.text).toContain(p);
    for (const chrome of [
      'The Valley Courier',
      'Weather',
      'cookies',
      'Share on Social',
      'Related stories',
      'Council approves',
      'Most read',
      'Great reporting',
      'Advertisement',
      'All rights reserved',
      'morning briefing',
      'By Ada Brook',
    ])
      expect(result.text).not.toContain(chrome);
  });

  it('separates paragraphs with blank lines', () => {
    const result = extractMainContent(article(paragraphs));
    expect(result.text.split('\n\n')).toEqual(PROSE);
  });

  it('reads title, byline and language from the page metadata', () => {
    const result = extractMainContent(article(paragraphs));
    expect(result.title).toBe('River floods lower town');
    expect(result.byline).toBe('Ada Brook');
    expect(result.lang).toBe('en-GB');
    expect(result.stats.strategy).toBe('scored');
    expect(result.stats.words).toBeGreaterThan(100);
  });

  it('ignores scripts, styles and hidden blocks', () => {
    const body = `${paragraphs}<div style="display:none">Hidden promo text</div><p hidden>Also hidden</p>
      <script>document.write("injected")</script><noscript>Enable JavaScript</noscript>`;
    const result = extractMainContent(article(body));
    for (const hidden of [
      'secretTracking',
      'do-not-extract',
      'color: red',
      'Hidden promo',
      'Also hidden',
      'injected',
      'Enable JavaScript',
    ])
      expect(result.text + result.markdown).not.toContain(hidden);
  });

  it('decodes HTML entities', () => {
    const body = `<p>Caf&eacute; owners &amp; fishermen said it&#8217;s the worst flood since&nbsp;1953 &mdash; &quot;by far&quot;, they agreed, standing by the quay.</p>${paragraphs}`;
    const result = extractMainContent(article(body));
    expect(result.text).toContain(
      'Café owners & fishermen said it’s the worst flood since 1953 — "by far", they agreed',
    );
  });

  it('drops image captions and credits', () => {
    const body = `<figure><img src="/flood.jpg" alt=""><figcaption>The market square at dawn. Photo: J. Doe</figcaption></figure>${paragraphs}`;
    const result = extractMainContent(article(body));
    expect(result.text).not.toContain('market square at dawn');
    expect(result.text).toContain(PROSE[0]);
  });
});

describe('extractMainContent markdown', () => {
  const body = `${paragraphs}
    <h2>What happens next</h2>
    <p>Read the <a href="/2024/03/levee-report">engineers' report</a> or the <a href="guide.html">flood guide</a>, and see <a href="https://agency.example/warnings">official warnings</a>, because the rain continues.</p>
    <ul><li>Sandbags at the fire station, from 8am until the evening, for every household.</li><li>Boil tap water before drinking it, until the authority says the supply is safe.</li></ul>
    <ol><li>Call the hotline first, before anything else, so that rescuers know where you are.</li><li>Move valuables upstairs, then switch off the electricity at the mains.</li></ol>
    <table><thead><tr><th>Gauge</th><th>Level (m)</th></tr></thead><tbody><tr><td>Mill bridge</td><td>4.2</td></tr><tr><td>Old quay</td><td>3.9</td></tr></tbody></table>
    <pre><code>level = read_gauge("mill")\nif level &gt; 4: warn()</code></pre>
    <p>Some <strong>residents</strong> said the warning came <em>too late</em> for them.</p>`;
  const result = extractMainContent(article(body), { url: 'https://courier.example/2024/03/flood' });

  it('keeps section headings as Markdown headings', () => {
    expect(result.markdown).toContain('## What happens next');
  });

  it('keeps unordered and ordered lists', () => {
    expect(result.markdown).toContain(
      '- Sandbags at the fire station, from 8am until the evening, for every household.\n- Boil tap water',
    );
    expect(result.markdown).toContain('1. Call the hotline first');
    expect(result.markdown).toContain('2. Move valuables upstairs');
  });

  it('keeps data tables as GFM pipe tables', () => {
    expect(result.markdown).toContain(
      '| Gauge | Level (m) |\n| --- | --- |\n| Mill bridge | 4.2 |\n| Old quay | 3.9 |',
    );
  });

  it('resolves relative links against the page URL', () => {
    expect(result.markdown).toContain("[engineers' report](https://courier.example/2024/03/levee-report)");
    expect(result.markdown).toContain('[flood guide](https://courier.example/2024/03/guide.html)');
    expect(result.markdown).toContain('[official warnings](https://agency.example/warnings)');
  });

  it('keeps code blocks and emphasis', () => {
    expect(result.markdown).toContain('```\nlevel = read_gauge("mill")\nif level > 4: warn()\n```');
    expect(result.markdown).toContain('Some **residents** said the warning came _too late_ for them.');
  });

  it('keeps the plain text free of Markdown syntax', () => {
    expect(result.text).toContain("Read the engineers' report or the flood guide, and see official warnings");
    expect(result.text).not.toContain('](');
    expect(result.text).not.toContain('**');
  });

  it('escapes characters Markdown would read as syntax', () => {
    const md = extractMainContent(
      article(
        `<p>Use snake_case names and 2*3 [sic] in the log file, the engineers wrote, for every gauge in town.</p>${paragraphs}`,
      ),
    ).markdown;
    expect(md).toContain('snake\\_case names and 2\\*3 \\[sic\\]');
  });
});

describe('extractMainContent on odd input', () => {
  it.each([
    ['an empty string', ''],
    ['plain text', 'just some words, no markup at all'],
    ['broken markup', '<<<div>>><p <a href=">oops</p></div></b></i><table><td>cell'],
    ['a lone comment', '<!-- nothing here -->'],
    ['binary noise', '\u0000\u0001\uffff\ud800<\u0000>'],
  ])('returns a result without throwing for %s', (_name, html) => {
    const result = extractMainContent(html);
    expect(typeof result.text).toBe('string');
    expect(typeof result.markdown).toBe('string');
    expect(typeof result.title).toBe('string');
  });

  it('survives very deep nesting', () => {
    const html = `<html><body>${'<div>'.repeat(20_000)}<p>${PROSE.join(' ')}</p>${'</div>'.repeat(20_000)}</body></html>`;
    expect(extractMainContent(html).text).toContain('The river rose three metres');
  });

  it('keeps the only text of a page that has no article structure', () => {
    const result = extractMainContent(`<html><body><p>${PROSE[0]}</p></body></html>`);
    expect(result.text).toBe(PROSE[0]);
  });

  it('falls back to schema.org articleBody only when the DOM has next to nothing', () => {
    const ld = JSON.stringify({ '@type': 'NewsArticle', articleBody: PROSE.join('\n\n') });
    const result = extractMainContent(
      `<html><head><script type="application/ld+json">${ld}</script></head><body><div id="app">Loading…</div></body></html>`,
    );
    expect(result.stats.strategy).toBe('json-ld');
    expect(result.text).toBe(PROSE.join('\n\n'));
  });
});
