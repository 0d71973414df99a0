/** Pages of the integration-test fixture site: each one exercises one thing the service must see. */

export const html = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** A page whose main content only exists after its scripts ran: at once, after a fetch, and late. */
export const JS_PAGE = html(
  'Orlando hotels',
  `<h1>Orlando hotels</h1><ul id="list"></ul><p id="price"></p>
<script>
  document.getElementById('list').innerHTML = '<li>Rendered by script: Lakeside Inn</li>';
  fetch('/api/rooms.json').then((r) => r.json()).then((d) => {
    document.getElementById('price').textContent = 'Fetched price: $' + d.price + ' per night';
  });
  setTimeout(() => {
    const p = document.createElement('p');
    p.textContent = 'Late paragraph after 400 ms';
    document.body.appendChild(p);
  }, 400);
</script>`,
);

/** Text in an open shadow root (nested, too), and in a closed one that no script can read. */
export const SHADOW_PAGE = html(
  'Shadow hotels',
  `<h1>Shadow hotels</h1><hotel-card></hotel-card><locked-card></locked-card>
<script>
  const card = document.querySelector('hotel-card').attachShadow({ mode: 'open' });
  card.innerHTML = '<h2>Lakeside Inn</h2><p>Shadow price: $120 per night</p><inner-note></inner-note>';
  card.querySelector('inner-note').attachShadow({ mode: 'open' }).innerHTML = '<em>Nested shadow: free parking</em>';
  document.querySelector('locked-card').attachShadow({ mode: 'closed' }).innerHTML = '<p>Closed shadow secret</p>';
</script>`,
);

/** A same-origin iframe whose content a script filled in, and a srcdoc one. */
export const FRAMES_PAGE = html(
  'Framed rates',
  `<h1>Framed rates</h1><iframe id="rates" src="/frame-inner"></iframe>
<iframe srcdoc="&lt;p&gt;Srcdoc frame text&lt;/p&gt;"></iframe>`,
);

export const FRAME_INNER = html(
  'Inner',
  `<p>Static frame text</p><p id="x"></p><script>document.getElementById('x').textContent = 'Frame rate: $99 (scripted)';</script>`,
);

/** Elements that only listeners make interactive, beside ones that say so themselves. */
export const SCRIPTED_PAGE = html(
  'Scripted controls',
  `<h1>Scripted controls</h1>
<div id="more" class="toggle">Show more rooms</div>
<span id="star" onmousedown="void 0" aria-label="Save hotel">☆</span>
<ul><li id="row">Row with a key handler</li></ul>
<button id="real">Real button</button>
<div role="button" id="aria">ARIA button</div>
<a href="#x" id="link">A link</a>
<shadow-host></shadow-host>
<div id="plain">Nothing to click</div>
<script>
  document.getElementById('more').addEventListener('click', () => {});
  document.getElementById('row').addEventListener('keydown', () => {});
  document.getElementById('real').addEventListener('click', () => {});
  document.getElementById('aria').addEventListener('click', () => {});
  const root = document.querySelector('shadow-host').attachShadow({ mode: 'open' });
  root.innerHTML = '<div>Inside the shadow</div><p>Tap to expand</p>';
  root.querySelector('p').addEventListener('pointerdown', () => {});
</script>`,
);

/** An article between site chrome: navigation, a cookie banner, a footer. */
export const ARTICLE_PAGE = html(
  'Lakeside Inn review',
  `<header><nav><a href="/">Home</a> <a href="/hotels">Hotels</a> <a href="/deals">Deals</a></nav></header>
<main><article><h1>Lakeside Inn review</h1>
${Array.from(
  { length: 6 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: The Lakeside Inn sits on the north shore of Lake Eola, a short walk from downtown Orlando. Rooms start at $149 per night and include free parking, breakfast and a pool that stays open late in summer.</p>`,
).join('\n')}
<h2>Rates</h2><table><tr><th>Room</th><th>Price</th></tr><tr><td>Queen</td><td>$149</td></tr><tr><td>King</td><td>$189</td></tr></table>
</article></main>
<footer><p>© Example Hotels. Terms. Privacy. Cookie settings.</p></footer>`,
);

/** An hCaptcha-style widget on an otherwise empty page. */
export const CAPTCHA_PAGE = html(
  'Security check',
  `<form action="/verify"><div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div><button>Continue</button></form>`,
);

/** A generic anti-bot interstitial, served with 503 like the real ones. */
export const CHALLENGE_PAGE = html(
  'Just a moment...',
  `<h1>Checking your browser before accessing the site.</h1><p>This process is automatic. Your browser will redirect to your requested content shortly.</p>`,
);

export const LOGIN_PAGE = html(
  'Sign in',
  '<h1>Sign in</h1><form><input name="email"><input type="password" name="pw"><button>Go</button></form>',
);

export const MEMBERS_PAGE = html('Members', '<h1>Report Q3</h1><p>Please sign in to continue reading.</p>');
